import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { connect, createServer } from 'node:net';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { call, login, loginRate, tokenCheckCost } from './accounts.ts';
import { postgresDb, sqliteDb, type BenchDb } from './databases.ts';
import { consoleNoticeLists } from './console-content.ts';
import { caseworkFigures } from './casework.ts';
import { appealRate, uploadMemory } from './enterprise.ts';
import { consoleFigures } from './console.ts';
import { measurePages } from './js-weight.ts';
import { load, type LoadResult } from './load.ts';
import { nginxBinary, startNginx } from './nginx.ts';
import { paired, ratioText } from './paired.ts';
import { startBareNode, type Page } from './bare-node.ts';
import { add, check, ms, perSecond, printTable, rows, writeJson } from './report.ts';
import { loggingFigures } from './access-log.ts';
import { loggedInFigures, openSessions } from './logged-in.ts';
import { searchFigures } from './search.ts';
import { cpuOf, startServer, treeCpuOf, type BenchServer } from './server.ts';
import { hasWrk, wrk } from './wrk.ts';

/**
 * npm run bench: the speed and memory budgets of the issues, measured on this machine against
 * throw-away databases of 100,000 notices and 100,000 policies, printed as a table with a
 * verdict per row and written to bench-results.json. Every load is bounded in time and count
 * and goes to 127.0.0.1 only.
 */
// The demo's 36 notices and 36 policies a scale unit: ×2800 makes 100,800 of each, so that at least
// 100,000 stay public after the seed's drafts and scheduled ones.
const SCALE = Number(process.env.BENCH_SCALE ?? 2800);
/**
 * BENCH_ONLY=cache,ssr runs part of the bench while iterating: sections api, ssr, cache, js,
 * accounts (accounts and enterprise services), console (the staff console's lists, audit log,
 * casework queues and list import), search (站内搜索), pages (logged-in renders of enterprises and
 * staff), logging (the page cache at the default LOG_LEVEL), and databases sqlite, postgres.
 * Sections left out are not run; no database named means both.
 */
const SECTIONS = ['api', 'ssr', 'cache', 'workers', 'js', 'accounts', 'console', 'search', 'pages', 'logging'] as const;
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
const P99_BUDGET_MS = 20;
/** Uncached server rendering, per page. */
const SSR_BUDGET_RPS: Record<string, number> = { '/': 400, '/notice': 500 };
const RSS_BUDGET_MB = 250;
const JS_BUDGET_KB = 200;
const TOKEN_BUDGET_MS = 1;
const UPLOAD_BUDGET_MB = 64;
const APPEAL_BUDGET_RPS = 500;
/** A browser's Accept-Encoding without br, so nginx (no brotli module) and the portal send the same gzip. */
const GZIP = { 'accept-encoding': 'gzip, deflate' };

const cleanups: (() => Promise<void>)[] = [];
const peaks: { label: string; mb: number; startMb: number }[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function withServer<T>(label: string, env: Record<string, string>, fn: (s: BenchServer) => Promise<T>): Promise<T> {
  const server = await startServer(await freePort(), env);
  const stop = async () => {
    peaks.push({ label, mb: server.peakRssMb(), startMb: server.startRssMb });
    await server.stop();
  };
  cleanups.push(stop);
  try {
    return await fn(server);
  } finally {
    cleanups.splice(cleanups.indexOf(stop), 1);
    await stop();
  }
}

const latencyRow = (group: string, name: string, db: string, r: LoadResult) =>
  add({
    group,
    name,
    db,
    value: `p99 ${ms(r.p99)}（p50 ${ms(r.p50)}，${perSecond(r.rps)}${r.failures ? `，失败 ${r.failures}` : ''}）`,
    budget: `p99 < ${P99_BUDGET_MS} ms`,
    verdict: check(r.p99 < P99_BUDGET_MS && r.failures === 0),
    data: { ...r },
  });

/** Ids spread over the whole table, read through the list call itself. */
async function idsOf(origin: string, listPath: string): Promise<number[]> {
  const ids: number[] = [];
  for (const page of [1, 97, 503, 977, 1999]) {
    const sep = listPath.includes('?') ? '&' : '?';
    const r = await call<{ records: { id: number }[] }>(origin, `${listPath}${sep}currentPage=${page}&pageSize=40`);
    ids.push(...(r.data?.records ?? []).map((x) => x.id));
  }
  return ids;
}

const LISTS = [
  { what: '通知公告', list: '/uaa/api/ua/notice/page', detail: '/api/notice/detail', keyword: '招聘会' },
  { what: '重点政策', list: '/api/po/policy/list', detail: '/api/po/policy', keyword: '跨境电商' },
];

async function apiFigures(s: BenchServer, db: string) {
  for (const l of LISTS) {
    const total = (await call<{ total: number }>(s.origin, `${l.list}?pageSize=1`)).data.total;
    add({ group: '数据量', name: `${l.what}（公开可见）`, db, value: `${total.toLocaleString('en-US')} 条`, budget: '≥ 100,000', verdict: check(total >= 100_000) });
    const url = (q: string) => `${s.origin}${l.list}?${q}`;
    latencyRow('接口延迟', `${l.what} 列表第 1 页`, db, await load({ url: url('currentPage=1&pageSize=10') }));
    latencyRow('接口延迟', `${l.what} 列表第 1000 页`, db, await load({ url: url('currentPage=1000&pageSize=10') }));
    latencyRow('接口延迟', `${l.what} 关键词「${l.keyword}」`, db, await load({ url: url(`currentPage=1&pageSize=10&keyword=${encodeURIComponent(l.keyword)}`) }));
    const ids = await idsOf(s.origin, l.list);
    latencyRow('接口延迟', `${l.what} 详情（${ids.length} 个不同 id 轮换）`, db, await load({ url: s.origin, paths: ids.map((id) => `${l.detail}?id=${id}`) }));
  }
}

/** A run with the server's CPU time per request (all its threads), which contention elsewhere on the machine barely moves. */
async function withCpu(s: BenchServer, run: () => Promise<LoadResult>) {
  const before = s.cpuMs();
  const r = await run();
  return { ...r, cpuPerRequestMs: (s.cpuMs() - before) / Math.max(1, r.requests) };
}

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
async function renderLoad(s: BenchServer, url: string) {
  const run = (seconds: number) => (hasWrk() ? wrk(url, GZIP, seconds) : load({ url, headers: GZIP, seconds, warmupSeconds: 0 }));
  const cold = await run(1);
  await run(RENDER_WARMUP_SECONDS - 1);
  const rounds = [];
  for (let i = 0; i < 3; i++) rounds.push(await withCpu(s, () => run(4)));
  rounds.sort((a, b) => a.rps - b.rps);
  return { ...rounds[1], failures: rounds.reduce((n, r) => n + r.failures, 0), coldRps: cold.rps, lowestRps: rounds[0].rps, highestRps: rounds[2].rps };
}

/** "412 次/秒（三轮 398–430 次/秒，p99 …，每次 CPU …；启动后第 1 秒 214 次/秒）" */
const renderText = (r: Awaited<ReturnType<typeof renderLoad>>) =>
  `${perSecond(r.rps)}（三轮 ${Math.round(r.lowestRps)}–${perSecond(r.highestRps)}，p99 ${ms(r.p99)}，每次 CPU ${ms(r.cpuPerRequestMs)}${r.failures ? `，失败 ${r.failures}` : ''}；启动后第 1 秒 ${perSecond(r.coldRps)}）`;

async function ssrFigures(s: BenchServer, db: string) {
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

/** The cached page's own bytes and headers as the portal sends them (gzip as stored, not inflated). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** Headers that belong to one response on the wire, not to the page: the bare server sets its own. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-encoding', 'transfer-encoding', 'x-cache']);

const CACHED_PAGES: [string, string][] = [
  ['首页', '/'],
  ['通知公告列表', '/notice'],
  ['重点政策列表', '/important-policy'],
];

/**
 * The pages held against nginx and bare node, as the portal's page cache sends them: their bytes
 * and headers per path, and the same bytes as files for nginx (`p<i>.html` and `p<i>.html.gz`, in
 * the order of `pages`).
 */
async function cachedPages(origin: string) {
  const ids = await idsOf(origin, '/uaa/api/ua/notice/page');
  const pages: [string, string][] = [...CACHED_PAGES, ...(ids.length ? [['通知公告详情', `/notice/detail?id=${ids[0]}`] as [string, string]] : [])];
  const bytes: Record<string, Page> = {};
  const files: Record<string, Buffer> = {};
  for (const [i, [, path]] of pages.entries()) {
    await rawGet(origin + path, GZIP); // fills the cache
    const gz = await rawGet(origin + path, GZIP);
    const plain = await rawGet(origin + path, {});
    if (gz.headers['x-cache'] !== 'HIT') throw new Error(`${path} 没有从页面缓存返回（x-cache: ${gz.headers['x-cache']}）`);
    const headers = Object.fromEntries(Object.entries(plain.headers).filter(([k]) => !PER_RESPONSE.has(k)));
    bytes[path] = { plain: plain.body, gzip: gz.headers['content-encoding'] === 'gzip' ? gz.body : gzipSync(plain.body), headers };
    files[`p${i}.html`] = plain.body;
    files[`p${i}.html.gz`] = bytes[path].gzip;
  }
  return { pages, bytes, files };
}

/**
 * The ETag a browser holds for `url` now: taken from a hit, since a stale page answers with its
 * old tag and is replaced by a re-render a moment later (pages that show view counts change at
 * each re-render, every 30 s while they are read).
 */
async function currentEtag(url: string): Promise<string | undefined> {
  for (let i = 0; ; i++) {
    const r = await rawGet(url, GZIP);
    if (r.headers['x-cache'] === 'HIT' || i === 5) return r.headers.etag;
    await sleep(200);
  }
}

/**
 * The same answers on both sides: per request, the portal's bytes are the bare server's plus a
 * few header bytes of its own (x-cache, the encoding's tag suffix) and wrk's rounding (it prints
 * three figures: ±0.5% of the total read). A 304 client whose tag went out of date gets whole
 * pages, several KB each, which this catches from about 1% of the answers.
 */
const sameAnswers = (portal: LoadResult, bare: LoadResult) => (portal.bytesPerRequest ?? NaN) <= (bare.bytesPerRequest ?? NaN) * 1.01 + 64;

/**
 * The page cache against the yardsticks of the same run, on the same bytes, through wrk: bare
 * node:http (the limit of one Node process; budget ≥ 0.7×) and nginx gzip_static (whose figure
 * is also the ceiling of the load generator). Plain, gzip and conditional (ETag → 304) clients.
 * On both databases: a hit reads none, but the process around it (its pool, its heap) is not the same.
 */
async function cachedFigures(s: BenchServer, db: string) {
  if (!hasWrk()) {
    add({ group: '页面缓存', name: '全部', db, value: '本机未安装 wrk（apt-get install wrk）', budget: '≥ 裸 node:http 的 70%', verdict: '跳过' });
    return;
  }
  const { pages, bytes, files } = await cachedPages(s.origin);
  const bare = await startBareNode(await freePort(), bytes);
  cleanups.push(bare.stop);
  let missing = nginxBinary() ? '' : '本机未安装 nginx（apt-get install nginx-light）';
  const nginx = missing
    ? null
    : await startNginx(await freePort(), files).catch((err: Error) => {
        missing = err.message;
        return null;
      });
  if (nginx) cleanups.push(nginx.stop);
  let ceiling = 0;
  try {
    for (const [i, [name, path]] of pages.entries()) {
      const etag = bytes[path].headers.etag;
      const clients: [string, Record<string, string>][] = [
        ['plain', {}],
        ['gzip', GZIP],
        ...(etag ? [['304', { ...GZIP, 'if-none-match': etag }] as [string, Record<string, string>]] : []),
      ];
      for (const [client, headers] of clients) {
        // The portal's side asks for the tag its page has when each round starts (bare node's never changes).
        const portal = {
          url: s.origin + path,
          cpuMs: s.cpuMs,
          headers: client === '304' ? async () => ({ ...GZIP, 'if-none-match': (await currentEtag(s.origin + path)) ?? '' }) : undefined,
        };
        const pair = await paired(portal, { url: bare.origin + path, cpuMs: () => cpuOf(bare.pid) }, headers, { same: sameAnswers });
        const { a: cached, b: node, ratio, ratios, rerun, different } = pair;
        const ref = nginx && client !== '304' ? await wrk(`${nginx.origin}/p${i}.html`, headers, 5) : null;
        ceiling = Math.max(ceiling, ref?.rps ?? node.rps);
        add({
          group: '页面缓存（wrk）',
          name: `${name} · ${client}`,
          db,
          value:
            `${perSecond(cached.rps)}（p99 ${ms(cached.p99)}，每次 CPU ${cached.cpuPerRequestMs.toFixed(3)} ms）` +
            `；裸 node ${perSecond(node.rps)}（${ratioText(pair)}，每次 CPU ${node.cpuPerRequestMs.toFixed(3)} ms）` +
            (ref ? `；nginx ${perSecond(ref.rps)}（${Math.round((cached.rps / ref.rps) * 100)}%）` : client === '304' ? '' : `；${missing}`) +
            (rerun ? `；${rerun} 轮中页面更新了，已重测` : '') +
            (different ? `；${different} 轮的回答与裸 node 不同（每次 ${Math.round(cached.bytesPerRequest ?? NaN)} 字节对 ${Math.round(node.bytesPerRequest ?? NaN)} 字节）` : ''),
          budget: '≥ 裸 node:http 的 70%',
          verdict: check(ratio >= 0.7 && cached.failures === 0 && different === 0),
          data: { cached, bareNode: node, ratios, rerun, different, nginx: ref },
        });
      }
    }
    // Every other figure is only as trustworthy as the generator's headroom above it.
    add({ group: '页面缓存（wrk）', name: 'wrk 本身的上限（测到的最高值）', db, value: perSecond(ceiling), budget: '高于上面各行', verdict: '信息' });
  } finally {
    for (const x of [bare, nginx]) {
      if (!x) continue;
      cleanups.splice(cleanups.indexOf(x.stop), 1);
      await x.stop();
    }
  }
}

/** Redis for the workers' rows: database 15, away from a portal's own keys on the same server. */
const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

const listening = (url: string) =>
  new Promise<boolean>((resolve) => {
    const u = new URL(url);
    const socket = connect(Number(u.port || 6379), u.hostname, () => (socket.end(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

/**
 * WEB_CONCURRENCY=2 (server/workers.ts): the page cache beside nginx with two workers on the same
 * bytes, and uncached rendering. PostgreSQL only (config.ts refuses workers on SQLite), with Redis.
 * On a two-core machine wrk shares the cores with the two workers: reported, without a budget.
 */
async function workerFigures(env: Record<string, string>, db: string) {
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

async function jsFigures(s: BenchServer) {
  const { pages, missing } = await measurePages(s.origin);
  for (const p of pages) {
    add({
      group: '页面脚本（gzip）',
      name: p.path,
      value: `${(p.gzipBytes / 1024).toFixed(1)} KB（${p.scripts} 个模块${p.status === 200 ? '' : `，HTTP ${p.status}`}）`,
      budget: `< ${JS_BUDGET_KB} KB`,
      verdict: check(p.gzipBytes < JS_BUDGET_KB * 1024 && p.status === 200),
      data: { ...p },
    });
  }
  for (const path of missing) add({ group: '页面脚本（gzip）', name: path, value: '列表页上没有找到详情链接', budget: `< ${JS_BUDGET_KB} KB`, verdict: '未实现' });
}

/** The password hash the accounts module chose, and what one hash costs here (median of 5). */
async function passwordCost(): Promise<string> {
  const { SCRYPT_PARAMS, hashPassword } = await import('#server/platform/auth/password.ts');
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await hashPassword('Bench#2026-password');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `scrypt N=${SCRYPT_PARAMS.N}, r=${SCRYPT_PARAMS.r}, p=${SCRYPT_PARAMS.p}，单次哈希 ${ms(times[2])}`;
}

async function accountFigures(s: BenchServer, db: string): Promise<string> {
  const token = await login(s.origin);
  const cost = await tokenCheckCost(s.origin, token);
  add({
    group: '账号',
    name: '校验访问令牌的额外耗时（中位数）',
    db,
    value: `${cost.extra.toFixed(3)} ms（匿名 ${cost.anonymous.toFixed(3)} ms，带令牌 ${cost.authenticated.toFixed(3)} ms，${cost.pairs} 对）`,
    budget: `< ${TOKEN_BUDGET_MS} ms`,
    verdict: check(cost.extra < TOKEN_BUDGET_MS),
    data: cost,
  });
  const rate = await loginRate(s.origin);
  const hash = await passwordCost();
  add({
    group: '账号',
    name: '每秒登录次数（图形验证码 + 登录，4 并发）',
    db,
    value: `${rate.perSecond.toFixed(1)} 次/秒，${hash}${rate.failures ? `（失败 ${rate.failures}）` : ''}`,
    budget: '报告',
    verdict: rate.failures ? 'FAIL' : '信息',
    data: rate,
  });
  return token;
}

async function enterpriseFigures(s: BenchServer, db: string, token: string) {
  const u = await uploadMemory(s.origin, s.pid, token);
  add({
    group: '企业服务',
    name: '10 个 20 MB 文件同时上传的内存增长',
    db,
    value: `${u.growthMb.toFixed(1)} MB（${u.beforeMb.toFixed(0)} → ${u.peakMb.toFixed(0)} MB，成功 ${u.ok}/10${u.failures.length ? `：${u.failures[0]}` : ''}）`,
    budget: `< ${UPLOAD_BUDGET_MB} MB`,
    verdict: check(u.growthMb < UPLOAD_BUDGET_MB && u.ok === 10),
    data: u,
  });
  const r = await appealRate(s.origin, token);
  add({
    group: '企业服务',
    name: '每秒保存诉求（10 并发）',
    db,
    value: `${perSecond(r.rps)}（p99 ${ms(r.p99)}${r.failures ? `，失败 ${r.failures}` : ''}）`,
    budget: db === 'SQLite' ? `≥ ${APPEAL_BUDGET_RPS} 次/秒` : '报告',
    verdict: db === 'SQLite' ? check(r.rps >= APPEAL_BUDGET_RPS && r.failures === 0) : r.failures ? 'FAIL' : '信息',
    data: { ...r },
  });
}

/** Logged-in renders (logged-in.ts): sessions opened on a test server, the pages measured on a production one. */
async function loggedInPages(env: Record<string, string>, db: string) {
  const redis: Record<string, string> = (await listening(BENCH_REDIS_URL)) ? { REDIS_URL: BENCH_REDIS_URL } : {};
  const testEnv = { ...env, ...redis, NODE_ENV: 'test', DEV_FIXED_CODES: '1', TRUST_PROXY: '1' };
  const sessions = await withServer(`${db}，登录`, testEnv, (s) => openSessions(s, 'REDIS_URL' in redis));
  await withServer(`${db}，登录后的页面`, { ...env, ...redis, ENABLE_CACHE: '1' }, (s) => loggedInFigures(s, db, sessions));
}

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
      });
    }
    if (runs('workers') && db === 'PostgreSQL') await workerFigures(bench.env, db);
    if (runs('logging')) {
      await withServer(`${db}，默认日志`, { ...bench.env, ENABLE_CACHE: '1', LOG_LEVEL: 'info' }, async (s) => loggingFigures(s, db, await freePort()));
    }
    if (runs('pages')) await loggedInPages(bench.env, db);
    if (!runs('accounts') && !runs('console')) return;
    // Fixed captcha answers and per-request client addresses: test settings, so NODE_ENV=test.
    const testEnv = { ...bench.env, NODE_ENV: 'test', DEV_FIXED_CODES: '1', TRUST_PROXY: '1', ENABLE_CACHE: '1' };
    await withServer(`${db}，账号与企业服务`, testEnv, async (s) => {
      if (runs('accounts')) await enterpriseFigures(s, db, await accountFigures(s, db));
      if (!runs('console')) return;
      await consoleNoticeLists(s, db);
      await consoleFigures(s, db, bench.env);
      await caseworkFigures(s, db, bench.env);
    });
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
  const worst = peaks.reduce((a, b) => (b.mb > a.mb ? b : a), { label: '', mb: 0 });
  for (const p of peaks) {
    add({
      group: '内存',
      name: `服务进程常驻内存峰值（${p.label}）`,
      value: `${p.mb.toFixed(0)} MB（启动就绪时 ${p.startMb.toFixed(0)} MB）`,
      budget: `< ${RSS_BUDGET_MB} MB`,
      verdict: check(p.mb < RSS_BUDGET_MB),
      data: p,
    });
  }
  printTable();
  const seconds = (Date.now() - started) / 1000;
  console.log(`用时 ${Math.round(seconds)} 秒；结果已写入 bench-results.json。`);
  writeJson('bench-results.json', { at: new Date().toISOString(), cpus: cpus().length, node: process.version, scale: SCALE, seconds, peakRss: worst });
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
