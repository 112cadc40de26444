import { get } from 'node:http';
import { startBareNode } from './bare-node.ts';
import { paired, ratioText } from './paired.ts';
import { add, check, ms, perSecond } from './report.ts';
import { cpuOf, type BenchServer } from './server.ts';

/**
 * The page cache with the logging a deployed portal has by default (LOG_LEVEL=info: one access
 * line a request, server/platform/runtime/logging.ts) against bare node:http on the same bytes,
 * in the paired rounds of the cache rows. The other cache rows run at LOG_LEVEL=warn and so
 * measure the cache alone; this one is what an operator who changes nothing gets.
 */
export const LOGGING_BUDGET = 0.6;
const GZIP = { 'accept-encoding': 'gzip, deflate' };
const PATH = '/notice';
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-encoding', 'transfer-encoding', 'x-cache']);

function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** `s` runs with LOG_LEVEL=info and the page cache on; `port` is free for the bare server. */
export async function loggingFigures(s: BenchServer, db: string, port: number) {
  await rawGet(s.origin + PATH, GZIP); // fills the cache
  const gz = await rawGet(s.origin + PATH, GZIP);
  const plain = await rawGet(s.origin + PATH, {});
  if (gz.headers['x-cache'] !== 'HIT' || gz.headers['content-encoding'] !== 'gzip') throw new Error(`${PATH} 没有以 gzip 从页面缓存返回（x-cache: ${gz.headers['x-cache']}）`);
  const headers = Object.fromEntries(Object.entries(plain.headers).filter(([k]) => !PER_RESPONSE.has(k)));
  const bare = await startBareNode(port, { [PATH]: { plain: plain.body, gzip: gz.body, headers } });
  try {
    const pair = await paired({ url: s.origin + PATH, cpuMs: s.cpuMs }, { url: bare.origin + PATH, cpuMs: () => cpuOf(bare.pid) }, GZIP);
    const { a: portal, b: node, ratio } = pair;
    add({
      group: '页面缓存（wrk）',
      name: '通知公告列表 · gzip · 默认日志（LOG_LEVEL=info，每个请求一行访问日志）',
      db,
      value:
        `${perSecond(portal.rps)}（p99 ${ms(portal.p99)}，每次 CPU ${portal.cpuPerRequestMs.toFixed(3)} ms）` +
        `；裸 node ${perSecond(node.rps)}（${ratioText(pair)}，每次 CPU ${node.cpuPerRequestMs.toFixed(3)} ms）`,
      budget: `≥ 裸 node:http 的 ${LOGGING_BUDGET * 100}%`,
      verdict: check(ratio >= LOGGING_BUDGET && portal.failures === 0),
      data: { portal, bareNode: node, ratios: pair.ratios },
    });
  } finally {
    await bare.stop();
  }
}
