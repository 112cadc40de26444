import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { loginDemo, request } from '#tests/helpers/built-server.ts';
import { startPortal, stopPortal, type PortalProcess } from './portal-process.ts';

// A stop waits for what is under way (server/shutdown.test.ts shows an upload finishing); an
// operator who cannot wait sends the signal again and the process is gone at once.
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-faults-stop-'));
let portal: PortalProcess | undefined;

beforeAll(async () => {
  const db = createDb({ kind: 'sqlite', file: path.join(dataDir, 'portal.db') });
  await migrateToLatest(db);
  await seedDemo(db);
  await db.destroy();
  portal = await startPortal({ DATA_DIR: dataDir });
}, 180_000);

afterAll(async () => {
  await stopPortal(portal);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

it('waits for an upload under way on SIGTERM, and exits at once on a second SIGTERM', async () => {
  const { origin } = portal!;
  const token = await loginDemo(origin);
  // An upload that sends half its body and then nothing: a request under way that will not end by itself.
  const boundary = `----portal${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="报告.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
  const url = new URL('/uaa/api/upload/file', origin);
  const hanging = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + 1024 * 1024 },
  });
  hanging.on('error', () => undefined); // cut off by the forced exit
  hanging.write(Buffer.concat([head, randomBytes(1024)]));
  await sleep(500);

  portal!.child.kill('SIGTERM');
  let refused = await request(origin, '/healthz');
  while (refused.status === 200) refused = await request(origin, '/healthz');
  expect([refused.status, refused.msg]).toEqual([503, '服务正在重启，请稍后重试']);
  // Still draining: the upload holds it.
  await sleep(1_500);
  expect(portal!.alive()).toBe(true);

  const second = Date.now();
  portal!.child.kill('SIGTERM');
  const code = await Promise.race([portal!.exited, sleep(5_000).then(() => 'still running')]);
  expect(code).toBe(1);
  expect(portal!.output()).toContain('再次收到停止信号');
  console.info(`[故障演练] 第二次 SIGTERM 后 ${((Date.now() - second) / 1000).toFixed(1)} 秒退出`);
}, 120_000);
