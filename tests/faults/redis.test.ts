import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { loginDemo } from '#tests/helpers/built-server.ts';
import { startPortal, stopPortal, type PortalProcess } from './portal-process.ts';
import { RedisProcess } from './redis-process.ts';
import { Readiness, Traffic } from './traffic.ts';

// Redis dies and comes back: pages, reads and signed-in work carry on; what cannot be done
// without it (a captcha, signing in) answers 503 with a sentence instead of failing open; all of
// it recovers by itself (docs/operations.md "故障与恢复").
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-faults-redis-'));
const redis = new RedisProcess(6399);
let portal: PortalProcess | undefined;

beforeAll(async () => {
  const db = createDb({ kind: 'sqlite', file: path.join(dataDir, 'portal.db') });
  await migrateToLatest(db);
  await seedDemo(db);
  await db.destroy();
  await redis.start();
  portal = await startPortal({ DATA_DIR: dataDir, REDIS_URL: redis.url, TRUST_PROXY: '1' });
}, 180_000);

afterAll(async () => {
  await stopPortal(portal);
  await redis.kill();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

it('keeps pages, reads and writes going while Redis is down, refuses sign-in with a sentence, and recovers by itself', async () => {
  const { origin } = portal!;
  const token = await loginDemo(origin);
  const traffic = new Traffic(origin);
  const readiness = new Readiness(origin);
  const acknowledged = new Map<number, string>();
  let n = 0;
  let lastSignIn = { ok: false, at: 0 };

  traffic.loop(async () => {
    const title = `缓存故障演练诉求 ${++n}`;
    const r = await traffic.call('write', '/api/appeal/save', {
      body: { title, type: 'policy', content: '请说明跨境电商保税备货的申报流程与时限要求。', contactName: '张敏', contactPhone: '13800138000' },
      headers: { authorization: `Bearer ${token}` },
    });
    if (r.code === 0) acknowledged.set((r.data as { id: number }).id, title);
  });
  traffic.loop(() => traffic.call('read', '/admin/appeal?currentPage=1&pageSize=5'));
  traffic.loop(() => traffic.call('read', '/admin/appeal/en-pages?currentPage=1&pageSize=5', { headers: { authorization: `Bearer ${token}` } }));
  traffic.loop(() => traffic.call('page', '/notice', { headers: { accept: 'text/html' } }), 100);
  // Sign-ins, each from its own address so that the limit of 30 per address is never what refuses them.
  let address = 0;
  traffic.loop(async () => {
    const uuid = randomUUID();
    const from = { 'x-forwarded-for': `10.1.${Math.floor(++address / 250)}.${address % 250}` };
    await traffic.call('captcha', `/fykj/captcha?uuid=${uuid}`, { headers: from });
    const r = await traffic.call('sign-in', '/fykj/en-login', { body: { loginName: '13800138000', password: 'Demo#2026', uuid, code: '8888' }, headers: from });
    lastSignIn = { ok: r.code === 0, at: Date.now() };
  }, 200);

  await sleep(1_500);
  await redis.kill();
  const killedAt = Date.now();
  await sleep(4_000);
  const during = await traffic.call('readyz', '/readyz');
  await redis.start();
  const startedAt = Date.now();
  // Signing in works again by itself once ioredis has reconnected.
  while (!(lastSignIn.ok && lastSignIn.at > startedAt) && Date.now() - startedAt < 30_000) await sleep(100);
  const recoveredMs = Date.now() - startedAt;
  await traffic.stop();
  await readiness.stop();

  const outage = traffic.seen.filter((s) => s.at >= killedAt && s.at < startedAt);
  console.info(
    `[故障演练] Redis 被杀死 ${((startedAt - killedAt) / 1000).toFixed(1)} 秒：/readyz 不就绪 ${readiness.notReadyText()}；` +
      `${traffic.seen.length} 个请求中 ${traffic.count(503)} 个得到 503（验证码 ${traffic.count(503, 'captcha')}、登录 ${traffic.count(503, 'sign-in')}、读 ${traffic.count(503, 'read')}、写 ${traffic.count(503, 'write')}、页面 ${traffic.count(503, 'page')}）；` +
      `Redis 回来后 ${(recoveredMs / 1000).toFixed(1)} 秒恢复登录`,
  );

  expect(portal!.alive(), portal!.output().slice(-3000)).toBe(true);
  const errors = portal!.output().split('\n').filter((line) => line.includes('"level":50'));
  expect(traffic.unacceptable().map((x) => `${x.what} ${x.status} ${x.msg}`), errors.slice(-3).join('\n')).toEqual([]);
  // Readiness is about the database: with Redis gone the instance still serves, and says what is missing.
  expect(readiness.samples.every((s) => s.status === 200)).toBe(true);
  expect(during.data).toMatchObject({ status: 'ready', database: 'up', kv: 'down' });
  // Pages, reads and signed-in writes: as if nothing happened.
  for (const what of ['read', 'write', 'page']) expect(outage.filter((s) => s.what === what && s.status !== 200), what).toEqual([]);
  expect(outage.some((s) => s.what === 'write')).toBe(true);
  // Signing in fails closed, with a sentence and a time to retry.
  const refused = outage.filter((s) => s.what === 'sign-in' && s.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  expect(outage.filter((s) => s.what === 'sign-in' && s.code === 0)).toEqual([]);
  for (const s of refused) expect([s.msg, s.retryAfter]).toEqual(['系统繁忙，请稍后再试', '5']);
  expect(lastSignIn.ok).toBe(true);
  // And what was acknowledged is there.
  for (const [id, title] of acknowledged) {
    const r = await traffic.call('check', `/admin/appeal?id=${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.data, `诉求 ${id}`).toMatchObject({ title });
  }
}, 180_000);
