import { cachedPages } from './cache.ts';
import { BENCH_REDIS_URL, cleanups, freePort, GZIP, listening, withCpu, withServer } from './harness.ts';
import { load } from './load.ts';
import { nginxBinary, startNginx } from './nginx.ts';
import { paired, ratioText } from './paired.ts';
import { add, ms, perSecond } from './report.ts';
import { treeCpuOf } from './server.ts';
import { hasWrk, wrk } from './wrk.ts';
import { renderLoad, renderText } from './ssr.ts';

/**
 * WEB_CONCURRENCY=2 (server/workers.ts): the page cache beside nginx with two workers on the same
 * bytes, and uncached rendering. PostgreSQL only (config.ts refuses workers on SQLite), with Redis.
 * On a two-core machine wrk shares the cores with the two workers: reported, without a budget.
 */
export async function workerFigures(env: Record<string, string>, db: string) {
  const group = '两个工作进程（WEB_CONCURRENCY=2）';
  const missing = !hasWrk() ? '本机未安装 wrk（apt-get install wrk）' : !(await listening(BENCH_REDIS_URL)) ? `Redis 不可达（${BENCH_REDIS_URL}，可用 BENCH_REDIS_URL 指定）` : '';
  if (missing) {
    add({ group, name: '全部', db, value: missing, budget: '报告', verdict: '跳过' });
    return;
  }
  const workers = { ...env, WEB_CONCURRENCY: '2', REDIS_URL: BENCH_REDIS_URL };
  await withServer(`${db}，两个工作进程，页面缓存`, { ...workers, ENABLE_CACHE: '1' }, async (s) => {
    const { pages, files } = await cachedPages(s.origin);
    const nginx = nginxBinary() ? await startNginx(await freePort(), files, 2).catch(() => null) : null;
    if (nginx) cleanups.push(nginx.stop);
    try {
      for (const [i, [name, path]] of pages.entries()) {
        const row = { group, name: `${name} · gzip（页面缓存）`, db, budget: '报告' };
        if (!nginx) {
          await wrk(s.origin + path, GZIP, 1); // warm-up, both workers
          const r = await withCpu(s, () => load({ url: s.origin + path, headers: GZIP, seconds: 5, warmupSeconds: 0 }));
          add({ ...row, value: `${perSecond(r.rps)}（p99 ${ms(r.p99)}）；本机没有可用的 nginx`, verdict: r.failures ? 'FAIL' : '信息', data: { ...r } });
          continue;
        }
        const pair = await paired({ url: s.origin + path, cpuMs: s.cpuMs }, { url: `${nginx.origin}/p${i}.html`, cpuMs: () => treeCpuOf(nginx.pid) }, GZIP);
        const { a, b, ratios } = pair;
        add({
          ...row,
          value: `${perSecond(a.rps)}（p99 ${ms(a.p99)}，每次 CPU ${a.cpuPerRequestMs.toFixed(3)} ms）；两个 worker 的 nginx ${perSecond(b.rps)}（${ratioText(pair)}）`,
          verdict: a.failures ? 'FAIL' : '信息',
          data: { workers: a, nginx: b, ratios },
        });
      }
    } finally {
      if (nginx) {
        cleanups.splice(cleanups.indexOf(nginx.stop), 1);
        await nginx.stop();
      }
    }
  });
  await withServer(`${db}，两个工作进程，不缓存`, { ...workers, ENABLE_CACHE: '0' }, async (s) => {
    for (const [name, path] of [['首页', '/'], ['通知公告列表', '/notice']]) {
      const r = await renderLoad(s, s.origin + path);
      add({
        group,
        name: `${name}（不缓存）`,
        db,
        value: renderText(r),
        budget: '报告',
        verdict: r.failures ? 'FAIL' : '信息',
        data: { ...r },
      });
    }
  });
}
