import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { accountFigures } from './accounts.ts';
import { apiFigures } from './api.ts';
import { cachedFigures } from './cache.ts';
import { capacityFigures } from './capacity.ts';
import { caseworkFigures } from './casework.ts';
import { consoleNoticeLists } from './console-content.ts';
import { consoleFigures } from './console.ts';
import { postgresDb, sqliteDb, type BenchDb } from './databases.ts';
import { enterpriseFigures } from './enterprise.ts';
import { cleanups, freePort, memoryRows, withServer, worstPeak } from './harness.ts';
import { jsFigures } from './js-weight.ts';
import { loggedInPages } from './logged-in.ts';
import { loggingFigures } from './access-log.ts';
import { matchFigures } from './match.ts';
import { printTable, rows, writeJson, add } from './report.ts';
import { searchFigures, searchScriptRows } from './search.ts';
import { ssrFigures } from './ssr.ts';
import { workerFigures } from './workers.ts';

/**
 * npm run bench: the speed and memory budgets of the issues, measured on this machine against
 * throw-away databases of 100,000 notices and 100,000 policies, printed as a table with a
 * verdict per row and written to bench-results.json. Every load is bounded in time and count
 * and goes to 127.0.0.1 only. This entry reads BENCH_ONLY and runs the sections in order; each
 * section's measuring is in its own file (api.ts, ssr.ts, cache.ts…), what they share in harness.ts.
 */
// The demo's 36 notices and 36 policies a scale unit: ×2800 makes 100,800 of each, so that at least
// 100,000 stay public after the seed's drafts and scheduled ones.
const SCALE = Number(process.env.BENCH_SCALE ?? 2800);
/**
 * BENCH_ONLY=cache,ssr runs part of the bench while iterating: sections api, ssr, cache, js,
 * accounts (accounts and enterprise services), console (the staff console's lists, audit log,
 * casework queues and list import), search (站内搜索), pages (logged-in renders of enterprises and
 * staff), logging (the page cache at the default LOG_LEVEL), capacity (sessions a second under a
 * realistic mix, capacity.ts), match (政策找人 over 10,000 enterprises and 200 projects), and
 * databases sqlite, postgres.
 * Sections left out are not run; no database named means both.
 */
const SECTIONS = ['api', 'ssr', 'cache', 'workers', 'js', 'accounts', 'console', 'search', 'pages', 'logging', 'capacity', 'match'] as const;
const DATABASES = ['sqlite', 'postgres'] as const;
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((x) => x.trim().toLowerCase()).filter(Boolean);
for (const x of ONLY) {
  if (![...SECTIONS, ...DATABASES].includes(x as never)) {
    console.error(`BENCH_ONLY 中的「${x}」不认识：可选 ${[...SECTIONS, ...DATABASES].join('、')}`);
    process.exit(2);
  }
}
const onlySections = ONLY.filter((x) => SECTIONS.includes(x as never));
const onlyDatabases = ONLY.filter((x) => DATABASES.includes(x as never));
const runs = (section: (typeof SECTIONS)[number]) => !onlySections.length || onlySections.includes(section);
const runsDb = (db: (typeof DATABASES)[number]) => !onlyDatabases.length || onlyDatabases.includes(db);

async function runDatabase(make: () => Promise<BenchDb>, db: string) {
  let bench: BenchDb;
  try {
    bench = await make();
  } catch (err) {
    add({ group: '数据库', name: '准备测试库', db, value: `不可用：${(err as Error).message.split('\n')[0]}`, budget: '', verdict: '跳过' });
    return;
  }
  cleanups.push(bench.drop);
  try {
    add({ group: '演示数据', name: `写入（规模 ×${SCALE}）`, db, value: `${bench.seedSeconds.toFixed(1)} 秒`, budget: '报告', verdict: '信息' });
    if (runs('api') || runs('ssr') || runs('search')) {
      await withServer(`${db}，不缓存`, { ...bench.env, ENABLE_CACHE: '0' }, async (s) => {
        if (runs('api')) await apiFigures(s, db);
        if (runs('ssr')) await ssrFigures(s, db);
        if (runs('search')) await searchFigures(s, db, bench.env);
      });
    }
    // The pages' JavaScript is the same whatever the database: measured once, on SQLite.
    const js = db === 'SQLite' && runs('js');
    if (runs('cache') || js) {
      await withServer(`${db}，页面缓存`, { ...bench.env, ENABLE_CACHE: '1' }, async (s) => {
        if (runs('cache')) await cachedFigures(s, db);
        if (js) await jsFigures(s);
        if (js) await searchScriptRows(s);
      });
    }
    if (runs('workers') && db === 'PostgreSQL') await workerFigures(bench.env, db);
    if (runs('logging')) {
      await withServer(`${db}，默认日志`, { ...bench.env, ENABLE_CACHE: '1', LOG_LEVEL: 'info' }, async (s) => loggingFigures(s, db, await freePort()));
    }
    if (runs('pages')) await loggedInPages(bench.env, db);
    if (runs('capacity')) await capacityFigures(bench.env, db);
    if (runs('accounts') || runs('console')) {
      // Fixed captcha answers and per-request client addresses: test settings, so NODE_ENV=test.
      const testEnv = { ...bench.env, NODE_ENV: 'test', DEV_FIXED_CODES: '1', TRUST_PROXY: '1', ENABLE_CACHE: '1' };
      await withServer(`${db}，账号与企业服务`, testEnv, async (s) => {
        if (runs('accounts')) await enterpriseFigures(s, db, await accountFigures(s, db));
        if (!runs('console')) return;
        await consoleNoticeLists(s, db);
        await consoleFigures(s, db, bench.env);
        await caseworkFigures(s, db, bench.env);
      });
    }
    // Last: it adds 10,000 enterprises and 200 projects, which the sections above do not expect.
    if (runs('match')) await matchFigures(bench.env, db);
  } finally {
    cleanups.splice(cleanups.indexOf(bench.drop), 1);
    await bench.drop();
  }
}

async function cleanup() {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
}

async function main() {
  if (!existsSync('build/server/index.js')) {
    console.error('找不到页面构建产物 build/：请先运行 npm run build');
    process.exit(1);
  }
  const started = Date.now();
  console.log(`性能基准：${cpus().length} 核，Node ${process.version}，各 ${(36 * SCALE).toLocaleString('en-US')} 条通知公告与重点政策，10 个并发连接。\n`);
  if (ONLY.length) console.log(`只运行 BENCH_ONLY=${ONLY.join(',')} 的部分。\n`);
  if (runsDb('sqlite')) await runDatabase(() => sqliteDb(SCALE), 'SQLite');
  if (runsDb('postgres')) await runDatabase(() => postgresDb(SCALE), 'PostgreSQL');
  memoryRows();
  printTable();
  const seconds = (Date.now() - started) / 1000;
  console.log(`用时 ${Math.round(seconds)} 秒；结果已写入 bench-results.json。`);
  writeJson('bench-results.json', { at: new Date().toISOString(), cpus: cpus().length, node: process.version, scale: SCALE, seconds, peakRss: worstPeak() });
  process.exitCode = rows.some((r) => r.verdict === 'FAIL') ? 1 : 0;
}

// Whatever happens, no server, nginx or database outlives the run; the whole run is bounded too.
// 15 minutes on a quiet machine, ~25 on one 2.5 times slower (2026-11-26): the bound is for a run
// that hangs, not one that is slow.
const GUARD_MINUTES = 40;
const guard = setTimeout(() => {
  console.error(`基准测试超过 ${GUARD_MINUTES} 分钟，已中止。`);
  void cleanup().then(() => process.exit(2));
}, GUARD_MINUTES * 60_000);
guard.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().then(() => process.exit(130)));
try {
  await main();
} catch (err) {
  console.error('基准测试失败：', err);
  process.exitCode = 2;
} finally {
  await cleanup();
  clearTimeout(guard);
}
