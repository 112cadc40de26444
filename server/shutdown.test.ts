import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { loginDemo, request, startBuiltServer, type ServerProcess } from '#tests/helpers/built-server.ts';
import { DRAINING_MESSAGE } from './platform/http/drain.ts';

// SIGTERM (a deploy, systemd stop) drains: requests under way finish, new ones are told to retry
// with the envelope, and the process is gone within 10 s.
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
let server: ServerProcess;

beforeAll(async () => {
  const env = { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'portal.db')}` };
  const db = createDb(loadConfig({ ...env, LOG_LEVEL: 'silent' }).database, { poolSize: 1 });
  await migrateToLatest(db);
  await seedDemo(db);
  await db.destroy();
  server = await startBuiltServer(env);
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const uploadsIn = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name)) : [];

/** An upload whose body is sent in two halves, the second when `finish()` is called. */
function slowUpload(origin: string, token: string, content: Buffer) {
  const boundary = `----portal${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="年度报告.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = content.length >> 1;
  const url = new URL('/uaa/api/upload/file', origin);
  let req!: http.ClientRequest;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + content.length + tail.length },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
  });
  req.write(Buffer.concat([head, content.subarray(0, half)]));
  return { answer, finish: () => req.end(Buffer.concat([content.subarray(half), tail])) };
}

it('lets an upload under way finish, answers new requests 503 in the envelope, and exits within 10 s', async () => {
  const token = await loginDemo(server.origin);
  const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(512 * 1024)]);
  const upload = slowUpload(server.origin, token, content);
  // The server is streaming it to storage once its file appears.
  const uploads = path.join(dataDir, 'uploads');
  while (uploadsIn(uploads).length === 0) await sleep(10);

  server.child.kill('SIGTERM');
  let refused = await request(server.origin, '/uaa/api/ua/platform/info');
  while (refused.status === 200) refused = await request(server.origin, '/uaa/api/ua/platform/info');
  expect(refused.status).toBe(503);
  expect(refused.code).toBe(503);
  expect(refused.msg).toBe(DRAINING_MESSAGE);
  expect(refused.headers.get('x-request-id')).toBeTruthy();
  expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  const ready = await request(server.origin, '/readyz');
  expect(ready.status).toBe(503); // the load balancer takes the instance out

  upload.finish();
  const done = await upload.answer;
  expect(done.status).toBe(200);
  const { code, data } = JSON.parse(done.body) as { code: number; data: { path: string } };
  expect(code).toBe(0);
  const stored = readFileSync(path.join(uploads, data.path));
  expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(content).digest('hex'));

  const exit = await Promise.race([server.exited, sleep(10_000).then(() => '10 秒后仍在运行')]);
  expect(exit).toBe(0);
}, 40_000);
