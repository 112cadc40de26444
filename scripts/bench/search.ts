import { gzipSync } from 'node:zlib';
import { pinyin } from 'pinyin-pro';
import { rebuildIndex, reindexRecords } from '#server/modules/search/search.indexer.ts';
import { openBenchDb } from './databases.ts';
import { scriptUrls } from './js-weight.ts';
import { load, type LoadResult } from './load.ts';
import { add, check, ms, perSecond } from './report.ts';
import type { BenchServer } from './server.ts';
import { hasWrk, wrk } from './wrk.ts';

/**
 * 站内搜索's budgets (docs/product.md "站内搜索") over the bench's 100,000 notices and policies:
 * /api/search p99 at 10 connections for common words and for pinyin, the index update a
 * publication costs, and /search rendered without the page cache.
 */
const API_BUDGET_MS = 50;
const REINDEX_BUDGET_MS = 200;
const PAGE_BUDGET_RPS = 300;

/** Words the seed's titles and texts are full of, and pinyin of its titles. */
const QUERIES = [
  { name: '常用词「企业」', q: '企业' },
  { name: '常用词「高新技术企业 认定」', q: '高新技术企业 认定' },
  { name: '同义词「高企」', q: '高企' },
  { name: '全拼「zhuanjingtexin」', q: 'zhuanjingtexin' },
  { name: '首字母「zjtx」', q: 'zjtx' },
  { name: '文号「国发[2026]3号」', q: '国发[2026]3号' },
];

const latency = (r: LoadResult) => `p99 ${ms(r.p99)}（p50 ${ms(r.p50)}，${perSecond(r.rps)}${r.failures ? `，失败 ${r.failures}` : ''}）`;

async function apiRows(s: BenchServer, db: string) {
  for (const { name, q } of QUERIES) {
    const r = await load({ url: `${s.origin}/api/search?q=${encodeURIComponent(q)}` });
    add({ group: '站内搜索', name: `/api/search ${name}`, db, value: latency(r), budget: `p99 < ${API_BUDGET_MS} ms`, verdict: check(r.p99 < API_BUDGET_MS && r.failures === 0), data: { ...r } });
  }
  const pages = QUERIES.map(({ q }) => `/api/search?q=${encodeURIComponent(q)}&sort=date&currentPage=3`);
  const r = await load({ url: s.origin, paths: pages });
  add({ group: '站内搜索', name: '/api/search 按时间第 3 页（6 个词轮换）', db, value: latency(r), budget: `p99 < ${API_BUDGET_MS} ms`, verdict: check(r.p99 < API_BUDGET_MS && r.failures === 0), data: { ...r } });
}

/**
 * Searches nobody made before, so no kept answer: common words of the seed's texts and their
 * pinyin, whole and by initials, each asked once, 10 at a time. The first search of a word found
 * in every record is what counting and ranking all matches made slow (docs/search.md "Matching,
 * ranking and sort").
 */
const FIRST_WORDS = ['企业', '通知', '申报', '政策', '项目', '服务', '发展', '管理', '工作', '办理', '有关', '补贴', '资金', '支持', '认定', '公示', '名单', '综合保税区', '高新技术企业', '专精特新', '研发', '奖励', '跨境电商', '保税', '实施'];
const FIRST_QUERIES = FIRST_WORDS.flatMap((w) => {
  const whole = pinyin(w, { toneType: 'none', type: 'array', v: true });
  return [w, whole.join(''), whole.map((s) => s[0]).join('')];
});

async function firstSearchRow(s: BenchServer, db: string) {
  // The segmenter loads on a process's first search (docs/search.md "How words are cut"): not counted.
  await (await fetch(`${s.origin}/api/search?q=${encodeURIComponent('预热')}`)).arrayBuffer();
  const paths = [...new Set(FIRST_QUERIES)].map((q) => `/api/search?q=${encodeURIComponent(q)}`);
  const r = await load({ url: s.origin, paths, maxRequests: paths.length, warmupSeconds: 0, seconds: 60 });
  add({
    group: '站内搜索',
    name: `/api/search 首次搜索（不经缓存：${paths.length} 个常用词、全拼与首字母各 1 次）`,
    db,
    value: `${latency(r)}，最慢 ${ms(r.max)}`,
    budget: `p99 < ${API_BUDGET_MS} ms`,
    verdict: check(r.p99 < API_BUDGET_MS && r.failures === 0),
    data: { ...r },
  });
}

/** What a publication adds to its call: the record read again and put in the index, 50 times over different notices. */
async function reindexRow(env: Record<string, string>, db: string) {
  const handle = openBenchDb(env);
  try {
    const ids = (await handle.selectFrom('notice').select('id').where('status', '=', 'published').orderBy('id', 'desc').limit(50).execute()).map((r) => r.id);
    // The dictionary loads on a process's first search or publication (0.4 s), as in the server.
    await reindexRecords(handle, 'notice', ids.slice(0, 1));
    const times: number[] = [];
    for (const id of ids) {
      const t0 = performance.now();
      await reindexRecords(handle, 'notice', [id]);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)];
    add({
      group: '站内搜索',
      name: `发布时更新索引（${times.length} 条通知，逐条）`,
      db,
      value: `最慢 ${ms(p99)}（中位数 ${ms(times[Math.floor(times.length / 2)])}）`,
      budget: `< ${REINDEX_BUDGET_MS} ms`,
      verdict: check(p99 < REINDEX_BUDGET_MS),
      data: { times },
    });
  } finally {
    await handle.destroy();
  }
}

/** /search rendered each time (the server runs without the page cache): three rounds of 4 s after 5 s of warm-up, the middle one. */
async function pageRow(s: BenchServer, db: string) {
  const url = `${s.origin}/search?q=${encodeURIComponent('高新技术企业')}`;
  const run = (seconds: number) => (hasWrk() ? wrk(url, { 'accept-encoding': 'gzip, deflate' }, seconds) : load({ url, seconds, warmupSeconds: 0 }));
  await run(5);
  const rounds = [await run(4), await run(4), await run(4)].sort((a, b) => a.rps - b.rps);
  const r = rounds[1];
  add({
    group: '站内搜索',
    name: '/search 页面渲染（不缓存）',
    db,
    value: `${perSecond(r.rps)}（三轮 ${Math.round(rounds[0].rps)}–${perSecond(rounds[2].rps)}，p99 ${ms(r.p99)}${r.failures ? `，失败 ${r.failures}` : ''}）`,
    budget: `≥ ${PAGE_BUDGET_RPS} 次/秒`,
    verdict: check(r.rps >= PAGE_BUDGET_RPS && r.failures === 0),
    data: { ...r, lowestRps: rounds[0].rps, highestRps: rounds[2].rps },
  });
}

/** The seed leaves the index empty (scripts/bench/databases.ts): the rebuild is timed here, as `npm run search:reindex` runs it. */
async function rebuildRow(env: Record<string, string>, db: string) {
  const handle = openBenchDb(env);
  try {
    const t0 = performance.now();
    const count = await rebuildIndex(handle);
    const seconds = (performance.now() - t0) / 1000;
    add({ group: '站内搜索', name: '重建索引（npm run search:reindex）', db, value: `${count.toLocaleString('en-US')} 条，${seconds.toFixed(1)} 秒`, budget: '报告', verdict: '信息', data: { count, seconds } });
  } finally {
    await handle.destroy();
  }
}

/** Against a server started without the page cache. */
export async function searchFigures(s: BenchServer, db: string, env: Record<string, string>) {
  await rebuildRow(env, db);
  await apiRows(s, db);
  await pageRow(s, db);
  await reindexRow(env, db);
  // Last: on SQLite a backlog of slow first searches holds the server's one thread, and would
  // count against the rows after it.
  await firstSearchRow(s, db);
}

/** Public pages with the header box, and the detail pages the js section finds as well. */
const BOX_PAGES = ['/', '/notice', '/important-policy', '/appeal', '/address-book', '/free-apply', '/performance', '/auth/login'];

/**
 * Section js: what search costs the other public pages (docs/search.md "The pages"). The /search
 * page's own module (React Router's manifest names it) is loaded by none of them; the header box
 * is the one chunk of search code they carry, its gzip size reported.
 */
export async function searchScriptRows(s: BenchServer) {
  const text = async (path: string) => (await fetch(new URL(path, s.origin), { signal: AbortSignal.timeout(15_000) })).text();
  const gzipKb = async (url: string) => gzipSync(Buffer.from(await text(url)), { level: 9 }).length / 1024;
  const own = scriptUrls(await text('/search?q=企业'));
  const manifestUrl = own.find((u) => /\/manifest-[^/]+\.js$/.test(u)) ?? (await text('/')).match(/\/assets\/manifest-[^"']+\.js/)?.[0];
  const manifest = manifestUrl ? await text(manifestUrl) : '';
  const routeModule = manifest.match(/"routes\/search":\{[^}]*?"module":"([^"]+)"/)?.[1];
  if (!routeModule) {
    add({ group: '页面脚本（gzip）', name: '公共页面不加载 /search 页面的脚本', value: '构建清单中没有找到 /search 的页面模块', budget: '0 个页面', verdict: 'FAIL' });
    return;
  }
  const pulling: string[] = [];
  let box: string | undefined;
  for (const path of BOX_PAGES) {
    const urls = scriptUrls(await text(path));
    if (urls.includes(routeModule)) pulling.push(path);
    box ??= urls.find((u) => /\/site-search-box-[^/]+\.js$/.test(u));
  }
  add({
    group: '页面脚本（gzip）',
    name: '公共页面不加载 /search 页面的脚本',
    value: `${BOX_PAGES.length} 个公共页面中 ${pulling.length} 个加载（/search 页面模块 ${(await gzipKb(routeModule)).toFixed(1)} KB${pulling.length ? `；加载它的：${pulling.join('、')}` : ''}）`,
    budget: '0 个页面',
    verdict: check(pulling.length === 0),
    data: { routeModule, pulling },
  });
  add({
    group: '页面脚本（gzip）',
    name: '页头搜索框（每个公共页面都带）',
    value: box ? `${(await gzipKb(box)).toFixed(1)} KB（${box.split('/').pop()}）` : '页头搜索框与页头同在一个模块中',
    budget: '报告',
    verdict: '信息',
  });
}
