import type { LoadResult } from './load.ts';
import { wrk } from './wrk.ts';

/**
 * Two servers held against each other in alternating rounds (A B, B A, A B…). This machine's
 * speed drifts within seconds by more than the difference looked for: the same trivial server
 * answered 20k and 44k req/s minutes apart (docs/decisions.md, "The page cache against bare node
 * in alternating rounds"). Run one after the other, two figures compare two moments as much as
 * two servers; run as pairs, each ratio is taken over the same few seconds, and the middle pair
 * is reported with the lowest and highest, so a reader sees the spread.
 */
export interface Side {
  url: string;
  /** CPU time the server has used so far, in ms. */
  cpuMs: () => number;
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
}

export async function paired(a: Side, b: Side, headers: Record<string, string>, rounds = 3, seconds = 2): Promise<Paired> {
  const pairs: { a: LoadResult; b: LoadResult }[] = [];
  const cpu = { a: 0, b: 0 };
  const measure = async (side: Side, key: 'a' | 'b') => {
    const before = side.cpuMs();
    const r = await wrk(side.url, headers, seconds);
    cpu[key] += side.cpuMs() - before;
    return r;
  };
  // A second of each first: the JIT and the cache settle outside the measured rounds.
  await wrk(a.url, headers, 1);
  await wrk(b.url, headers, 1);
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      const ra = await measure(a, 'a');
      pairs.push({ a: ra, b: await measure(b, 'b') });
    } else {
      const rb = await measure(b, 'b');
      pairs.push({ a: await measure(a, 'a'), b: rb });
    }
  }
  const sum = (key: 'a' | 'b', f: (r: LoadResult) => number) => pairs.reduce((n, p) => n + f(p[key]), 0);
  const byRatio = [...pairs].sort((x, y) => x.a.rps / x.b.rps - y.a.rps / y.b.rps);
  const middle = byRatio[Math.floor(byRatio.length / 2)];
  const side = (key: 'a' | 'b'): SideResult => ({
    ...middle[key],
    failures: sum(key, (r) => r.failures),
    cpuPerRequestMs: cpu[key] / Math.max(1, sum(key, (r) => r.requests)),
  });
  return { a: side('a'), b: side('b'), ratio: middle.a.rps / middle.b.rps, ratios: byRatio.map((p) => p.a.rps / p.b.rps) };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The middle ratio and the spread of all pairs, as a row prints them: `82%，三轮 73%–91%`. */
export const ratioText = (p: Paired): string => `${pct(p.ratio)}，三轮 ${pct(p.ratios[0])}–${pct(p.ratios[p.ratios.length - 1])}`;
