import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work that runs after its request has been answered, or on a timer (see JobQueue). */
    jobs: JobQueue;
  }
}

/**
 * The background work of this process: housekeeping on a timer (scheduleEvery) and jobs handed
 * over by a request to finish after its reply (`run`). A graceful stop waits for them
 * (`settled`, main.ts) before the database is closed, so a job is never cut off half-way by a
 * deploy; past main.ts's deadline the process exits anyway and the job's next run picks up.
 */
export class JobQueue {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Jobs started and jobs failed since the process started (GET /metrics, platform/metrics). */
  private counts = { run: 0, failed: 0 };

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Runs `task` now; a failure is logged, never thrown (a background job must not stop the
   * process). The promise says when it is over, for a caller that wants to wait.
   */
  run(name: string, task: () => Promise<unknown>): Promise<void> {
    const job: Promise<void> = (async () => {
      try {
        await task();
      } catch (err) {
        this.counts.failed++;
        this.log.error({ err }, `${name} failed`);
      }
    })().finally(() => this.running.delete(job));
    this.counts.run++;
    this.running.add(job);
    return job;
  }

  /** Runs `task` every `everyMs` until stop(); a run still under way is not started twice. */
  every(name: string, everyMs: number, task: () => Promise<unknown>): void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || this.stopping) return;
      busy = true;
      this.run(name, async () => {
        try {
          await task();
        } finally {
          busy = false;
        }
      });
    }, everyMs).unref();
    this.timers.add(timer);
  }

  /** How many jobs were started and failed so far, and how many are under way now. */
  stats(): { run: number; failed: number; running: number } {
    return { ...this.counts, running: this.running.size };
  }

  /** No new timed run starts from now on. */
  stop(): void {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
  }

  /** Resolves once every job started so far (and any they start) has finished. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}

export const jobsPlugin = fp(async function jobs(app: FastifyInstance) {
  app.decorate('jobs', new JobQueue(app.log));
  app.addHook('preClose', async () => app.jobs.stop());
  app.addHook('onClose', async () => app.jobs.settled());
});

/**
 * Runs `task` once the app is ready and then every `everyMs`, until the app closes. A failure is
 * logged and the next run tries again.
 */
export function scheduleEvery(app: FastifyInstance, name: string, everyMs: number, task: () => Promise<unknown>): void {
  app.addHook('onReady', async () => {
    await app.jobs.run(name, task);
    app.jobs.every(name, everyMs, task);
  });
}
