import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The physical limit of one Node process on this machine: a bare node:http server in its own
 * process answering the portal's own bytes (plain, gzip, 304 on a matching If-None-Match) from
 * memory with the same headers. The page cache is held against it (≥ 0.7×). Like the portal's hit
 * path, it does per request only what it must (docs/decisions.md, "The bench's
 * yardstick"): each page's three header lists are made at start, and the two
 * request headers it reads are found in `rawHeaders` (reading `req.headers` builds an object of
 * them all). It serves the bench's clients, which send `accept-encoding: gzip` or nothing.
 */
export interface BareNode {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

export interface Page {
  plain: Buffer;
  gzip: Buffer;
  headers: Record<string, string>;
}

const SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const pages = new Map();
for (const [url, p] of Object.entries(JSON.parse(fs.readFileSync(process.argv[1], 'utf8')))) {
  const plain = Buffer.from(p.plain, 'base64');
  const gzip = Buffer.from(p.gzip, 'base64');
  const list = Object.entries(p.headers).flat();
  pages.set(url, {
    etag: p.headers.etag, plain, gzip,
    notModified: list,
    okPlain: [...list, 'content-length', String(plain.length)],
    okGzip: [...list, 'content-encoding', 'gzip', 'content-length', String(gzip.length)],
  });
}
http.createServer((req, res) => {
  const p = pages.get(req.url);
  if (!p) { res.statusCode = 404; return res.end(); }
  const raw = req.rawHeaders;
  let ifNoneMatch;
  let acceptEncoding = '';
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === 13 && name.toLowerCase() === 'if-none-match') ifNoneMatch = raw[i + 1];
    else if (name.length === 15 && name.toLowerCase() === 'accept-encoding') acceptEncoding = raw[i + 1];
  }
  if (ifNoneMatch === p.etag) { res.writeHead(304, p.notModified); return res.end(); }
  const gz = acceptEncoding.includes('gzip');
  res.writeHead(200, gz ? p.okGzip : p.okPlain);
  res.end(gz ? p.gzip : p.plain);
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.send && process.send('up'));
`;

export async function startBareNode(port: number, pages: Record<string, Page>): Promise<BareNode> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-node-'));
  const file = path.join(dir, 'pages.json');
  const json = Object.fromEntries(
    Object.entries(pages).map(([p, v]) => [p, { plain: v.plain.toString('base64'), gzip: v.gzip.toString('base64'), headers: v.headers }]),
  );
  writeFileSync(file, JSON.stringify(json));
  const child = spawn(process.execPath, ['-e', SERVER, file, String(port)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(3000)]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const up = await Promise.race([
    new Promise<boolean>((resolve) => child.once('message', () => resolve(true))),
    new Promise<boolean>((resolve) => child.once('exit', () => resolve(false))),
    sleep(10_000).then(() => false),
  ]);
  if (!up) {
    await stop();
    throw new Error('裸 node:http 对照服务未能启动');
  }
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}
