import { setTimeout as sleep } from 'node:timers/promises';

/** One answer the portal gave during a fault test, as a client saw it. */
export interface Seen {
  at: number;
  what: string;
  /** 0: no HTTP answer at all (refused, reset): the process was gone or hung. */
  status: number;
  /** The envelope's code and msg; code -1 when the body was not an envelope. */
  code: number;
  msg: string;
  data: unknown;
  retryAfter: string | null;
  contentType: string;
  body: string;
}

/**
 * Requests sent in loops while a dependency is taken away, every answer kept, so that a test can
 * say what the users met: how many were told to retry (503), and whether any got a 500, a bare
 * error or no answer.
 */
export class Traffic {
  readonly seen: Seen[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];

  constructor(private readonly origin: string) {}

  async call(what: string, url: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; form?: FormData } = {}): Promise<Seen> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const at = Date.now();
    let answer: Seen;
    try {
      const res = await fetch(this.origin + url, {
        method: init.method ?? (init.body === undefined && !init.form ? 'GET' : 'POST'),
        headers,
        body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
        signal: AbortSignal.timeout(30_000),
      });
      const body = await res.text();
      const contentType = res.headers.get('content-type') ?? '';
      let envelope: { code?: unknown; msg?: unknown; data?: unknown } = {};
      if (contentType.startsWith('application/json')) {
        try {
          envelope = JSON.parse(body) as typeof envelope;
        } catch {
          /* not an envelope: code stays -1 */
        }
      }
      const isEnvelope = typeof envelope.code === 'number' && typeof envelope.msg === 'string';
      answer = {
        at,
        what,
        status: res.status,
        code: isEnvelope ? (envelope.code as number) : -1,
        msg: isEnvelope ? (envelope.msg as string) : '',
        data: envelope.data,
        retryAfter: res.headers.get('retry-after'),
        contentType,
        body: isEnvelope ? '' : body.slice(0, 2000),
      };
    } catch (err) {
      answer = { at, what, status: 0, code: -1, msg: err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err), data: null, retryAfter: null, contentType: '', body: '' };
    }
    this.seen.push(answer);
    return answer;
  }

  /** Runs `step` over and over until stop(); each step sends its requests through call(). */
  loop(step: () => Promise<unknown>, pauseMs = 20): void {
    this.loops.push(
      (async () => {
        while (this.running) {
          await step();
          await sleep(pauseMs);
        }
      })(),
    );
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /**
   * Answers no user should ever get: no answer, a 500 or any status but 200/503, a JSON call whose
   * answer is not the envelope, a 503 without Retry-After or without a sentence, a page that is
   * not HTML. A 200 image (a captcha) is fine.
   */
  unacceptable(): Seen[] {
    return this.seen.filter((s) => {
      if (s.status !== 200 && s.status !== 503) return true;
      if (s.status === 200 && s.contentType.startsWith('image/')) return false; // a captcha
      if (s.what.startsWith('page')) return !s.contentType.startsWith('text/html') || (s.status === 503 && (!s.retryAfter || !s.body.includes('系统繁忙，请稍后再试')));
      if (s.code === -1) return true;
      return s.status === 503 && (!s.retryAfter || !/[，。]|再试/.test(s.msg));
    });
  }

  count(status: number, what?: string): number {
    return this.seen.filter((s) => s.status === status && (what === undefined || s.what === what)).length;
  }
}

/** /readyz asked every 100 ms: when the portal said it could not serve, and for how long. */
export class Readiness {
  readonly samples: { at: number; status: number }[] = [];
  private running = true;
  private readonly polling: Promise<void>;

  constructor(origin: string) {
    this.polling = (async () => {
      while (this.running) {
        const at = Date.now();
        const status = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        );
        this.samples.push({ at, status });
        await sleep(100);
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.polling;
  }

  /** Whether it said 503 and, after that, 200 again. */
  flippedAndReturned(): boolean {
    const down = this.samples.findIndex((s) => s.status === 503);
    return down >= 0 && this.samples.slice(down).some((s) => s.status === 200);
  }

  /** Each stretch of not being ready: milliseconds from a 503 to the next 200 (or to now). */
  notReadyWindows(): number[] {
    const windows: number[] = [];
    let downAt: number | null = null;
    for (const s of this.samples) {
      if (s.status !== 200 && downAt === null) downAt = s.at;
      if (s.status === 200 && downAt !== null) {
        windows.push(s.at - downAt);
        downAt = null;
      }
    }
    if (downAt !== null) windows.push(Date.now() - downAt);
    return windows;
  }

  /** Milliseconds not ready in all (0 when it never said anything but 200). */
  notReadyMs(): number {
    return this.notReadyWindows().reduce((a, b) => a + b, 0);
  }

  /** The windows as the test's report prints them: "0.4 + 5.2 秒". */
  notReadyText(): string {
    const windows = this.notReadyWindows();
    return windows.length ? `${windows.map((ms) => (ms / 1000).toFixed(1)).join(' + ')} 秒` : '0 秒';
  }

  /** Resolves once /readyz has said `status` in a sample taken at or after `since` (or throws after `ms`). */
  async until(status: number, since: number, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.samples.some((s) => s.status === status && s.at >= since)) {
      if (Date.now() > deadline) throw new Error(`/readyz 在 ${ms / 1000} 秒内未回答 ${status}`);
      await sleep(50);
    }
  }
}
