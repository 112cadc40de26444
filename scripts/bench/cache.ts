import { get } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { startBareNode, type Page } from './bare-node.ts';
import { cleanups, freePort, GZIP, idsOf } from './harness.ts';
import type { LoadResult } from './load.ts';
import { nginxBinary, startNginx } from './nginx.ts';
import { paired, ratioText } from './paired.ts';
import { add, check, ms, perSecond } from './report.ts';
import { cpuOf, type BenchServer } from './server.ts';
import { hasWrk, wrk } from './wrk.ts';

/** Section cache: the page cache against bare node:http and nginx on the same bytes. */
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
export async function cachedPages(origin: string) {
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
export async function cachedFigures(s: BenchServer, db: string) {
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
