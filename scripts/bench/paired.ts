import type { LoadResult } from './load.ts';
import { wrk } from './wrk.ts';

/**
 * Two servers held against each other in alternating rounds (A B, B A, A B…). This machine's
 * speed drifts within seconds by more than the difference looked for: the same trivial server
 * answered 20k and 44k req/s minutes apart (docs/decisions.md, "The bench's
 * yardstick"). Run one after the other, two figures compare two moments as much as
 * two servers; run as pairs, each ratio is taken over the same few seconds, and the middle pair
 * is reported with the lowest and highest, so a reader sees the spread. Nine pairs of 1 s: single
 * pairs of the same two servers ranged 0.50–1.34 over two minutes, and the middle of three such
 * pairs fell under 0.7 one time in ten where the middle of nine never did (docs/decisions.md,
 * "The bench's yardstick").
 */
export interface Side {
  url: string;
  /** CPU time the server has used so far, in ms. */
  cpuMs: () => number;
  /** This side's request headers, asked anew before each of its rounds (instead of the shared ones). */
  headers?: () => Promise<Record<string, string>>;
}

export interface SideResult extends LoadResult {
  /** CPU time of the server (all its threads) per request, over every round. */
  cpuPerRequestMs: number;
}

export interface Paired {
  /** Each side as measured in the middle pair (by ratio), with the CPU of all rounds. */
  a: SideResult;
  b: SideResult;
  /** a ÷ b in the middle pair. */
  ratio: number;
  /** a ÷ b of every pair, lowest first. */
  ratios: number[];
  /** Pairs run again because `same` said the two sides answered differently. */
  rerun: number;
  /** Pairs that still answered differently after their last run (counted in, and reported). */
  different: number;
}

/** Pairs a row is judged on, and the seconds of each side's round (see the top of this file). */
const PAIRS = 9;
const SECONDS = 1;

export interface PairOptions {
  /**
   * Whether the two sides gave the same answers in a pair. A pair that did not is run again, up
   * to twice: the portal's page can change under a round (a re-render every 30 s while a page is
   * read), and a figure taken over other answers than the yardstick's compares nothing.
   */
  same?: (a: LoadResult, b: LoadResult) => boolean;
}

export async function paired(a: Side, b: Side, headers: Record<string, string>, opts: PairOptions = {}): Promise<Paired> {
  const { same = () => true } = opts;
  type Run = LoadResult & { cpuMs: number };
  const pairs: { a: Run; b: Run }[] = [];
  const headersOf = async (side: Side) => (side.headers ? side.headers() : headers);
  const measure = async (side: Side): Promise<Run> => {
    const h = await headersOf(side);
    const before = side.cpuMs();
    const r = await wrk(side.url, h, SECONDS);
    return { ...r, cpuMs: side.cpuMs() - before };
  };
  // A second of each first: the JIT and the cache settle outside the measured rounds.
  await wrk(a.url, await headersOf(a), 1);
  await wrk(b.url, await headersOf(b), 1);
  let rerun = 0;
  let different = 0;
  for (let i = 0; i < PAIRS; i++) {
    for (let run = 0; ; run++) {
      let pair: { a: Run; b: Run };
      if (i % 2 === 0) {
        const ra = await measure(a);
        pair = { a: ra, b: await measure(b) };
      } else {
        const rb = await measure(b);
        pair = { a: await measure(a), b: rb };
      }
      const ok = same(pair.a, pair.b);
      if (ok || run === 2) {
        if (!ok) different++;
        pairs.push(pair);
        break;
      }
      rerun++;
    }
  }
  const sum = (key: 'a' | 'b', f: (r: Run) => number) => pairs.reduce((n, p) => n + f(p[key]), 0);
  const byRatio = [...pairs].sort((x, y) => x.a.rps / x.b.rps - y.a.rps / y.b.rps);
  const middle = byRatio[Math.floor(byRatio.length / 2)];
  const side = (key: 'a' | 'b'): SideResult => {
    const { cpuMs: _ofTheMiddleRun, ...measured } = middle[key];
    return {
      ...measured,
      failures: sum(key, (r) => r.failures),
      cpuPerRequestMs: sum(key, (r) => r.cpuMs) / Math.max(1, sum(key, (r) => r.requests)),
    };
  };
  return { a: side('a'), b: side('b'), ratio: middle.a.rps / middle.b.rps, ratios: byRatio.map((p) => p.a.rps / p.b.rps), rerun, different };
}

/** Rounded down: a row that fails at 0.697 must not print 70 % beside a budget of ≥ 70 %. */
const pct = (x: number) => `${Math.floor(x * 100)}%`;

/** The middle ratio and the spread of all pairs, as a row prints them: `82%，9 轮 73%–91%`. */
export const ratioText = (p: Paired): string => `${pct(p.ratio)}，${p.ratios.length} 轮 ${pct(p.ratios[0])}–${pct(p.ratios[p.ratios.length - 1])}`;
