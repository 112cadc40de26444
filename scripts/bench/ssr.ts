import { GZIP, withCpu } from './harness.ts';
import { load } from './load.ts';
import { add, check, ms, perSecond } from './report.ts';
import type { BenchServer } from './server.ts';
import { hasWrk, wrk } from './wrk.ts';

/** Section ssr: uncached server rendering of the home page and a list page. */
/** Uncached server rendering, per page. */
const SSR_BUDGET_RPS: Record<string, number> = { '/': 400, '/notice': 500 };

/** Seconds of rendering before a page's figure is taken: the home page's rate was still rising for 8 s after start. */
const RENDER_WARMUP_SECONDS = 10;

/**
 * Uncached renders of a page in three rounds of 4 s once the process has rendered it for
 * RENDER_WARMUP_SECONDS, through wrk when it is installed. The middle round is the figure, with the
 * lowest and highest beside it, as the page cache's rows do: on a shared virtual machine one round
 * can come out at half the others (docs/decisions.md, "A visitor's render follows no abort signal").
 * A running portal renders with code V8 has optimised; a process that has just started does not
 * yet (home page rounds of 1 s from start: 214, 300, 267, 317, 369, 372, 383, 432, 427… renders a
 * second), so the first second is reported beside the figure as the cold rate.
 * autocannon is a Node thread in this process: against renders it took 11–16% of a
 * core, which on two cores the server's main thread and its GC and zlib threads compete for, and
 * read 1–12% fewer renders a second than wrk (under 1% of a core) in alternating runs
 * (docs/decisions.md).
 */
export async function renderLoad(s: BenchServer, url: string) {
  const run = (seconds: number) => (hasWrk() ? wrk(url, GZIP, seconds) : load({ url, headers: GZIP, seconds, warmupSeconds: 0 }));
  const cold = await run(1);
  await run(RENDER_WARMUP_SECONDS - 1);
  const rounds = [];
  for (let i = 0; i < 3; i++) rounds.push(await withCpu(s, () => run(4)));
  rounds.sort((a, b) => a.rps - b.rps);
  return { ...rounds[1], failures: rounds.reduce((n, r) => n + r.failures, 0), coldRps: cold.rps, lowestRps: rounds[0].rps, highestRps: rounds[2].rps };
}

/** "412 次/秒（三轮 398–430 次/秒，p99 …，每次 CPU …；启动后第 1 秒 214 次/秒）" */
export const renderText = (r: Awaited<ReturnType<typeof renderLoad>>) =>
  `${perSecond(r.rps)}（三轮 ${Math.round(r.lowestRps)}–${perSecond(r.highestRps)}，p99 ${ms(r.p99)}，每次 CPU ${ms(r.cpuPerRequestMs)}${r.failures ? `，失败 ${r.failures}` : ''}；启动后第 1 秒 ${perSecond(r.coldRps)}）`;

export async function ssrFigures(s: BenchServer, db: string) {
  for (const [name, path] of [['首页', '/'], ['通知公告列表', '/notice']]) {
    const r = await renderLoad(s, s.origin + path);
    const budget = SSR_BUDGET_RPS[path];
    add({
      group: '服务端渲染（不缓存）',
      name,
      db,
      value: renderText(r),
      budget: `≥ ${budget} 次/秒`,
      verdict: check(r.rps >= budget && r.failures === 0),
      data: { ...r },
    });
  }
}
