import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The physical limit of one Node process on this machine: a bare node:http server in its own
 * process answering the portal's own bytes (plain, gzip, 304 on a matching If-None-Match) from
 * memory with the same headers. The page cache is held against it (≥ 0.7×).
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
const pages = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
for (const p of Object.values(pages)) { p.plain = Buffer.from(p.plain, 'base64'); p.gzip = Buffer.from(p.gzip, 'base64'); }
http.createServer((req, res) => {
  const p = pages[req.url];
  if (!p) { res.statusCode = 404; return res.end(); }
  if (req.headers['if-none-match'] === p.headers.etag) { res.writeHead(304, p.headers); return res.end(); }
  const gz = /\\bgzip\\b/.test(req.headers['accept-encoding'] || '');
  const body = gz ? p.gzip : p.plain;
  res.writeHead(200, { ...p.headers, ...(gz ? { 'content-encoding': 'gzip' } : {}), 'content-length': body.length });
  res.end(body);
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
