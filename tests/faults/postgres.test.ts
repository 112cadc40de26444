import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { loginDemo } from '#tests/helpers/built-server.ts';
import { ensureCluster, type PgCluster } from './pg-cluster.ts';
import { startPortal, stopPortal, type PortalProcess } from './portal-process.ts';
import { Readiness, Traffic } from './traffic.ts';

// The database restarts (a minor upgrade, a failover to a new primary at the same address, a
// config change needing a restart) while enterprises file appeals: the portal stays up, says it
// is not ready while the database is gone and ready again by itself, tells the users in between
// to retry, and keeps every appeal it acknowledged (docs/operations.md "故障与恢复").
const DB = 'portal_faults';
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-faults-pg-'));
let cluster: PgCluster;
let portal: PortalProcess | undefined;

beforeAll(async () => {
  cluster = await ensureCluster();
  cluster.psql(`drop database if exists ${DB} with (force)`);
  cluster.psql(`create database ${DB}`);
  const db = createDb({ kind: 'postgres', url: cluster.url(DB) }, { poolSize: 2 });
  await migrateToLatest(db);
  await seedDemo(db);
  await db.destroy();
  portal = await startPortal({ DATA_DIR: dataDir, DATABASE_URL: cluster.url(DB), TRUST_PROXY: '1' });
}, 180_000);

afterAll(async () => {
  await stopPortal(portal);
  try {
    cluster?.drop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);

const appeal = (title: string) => ({
  title,
  type: 'policy',
  content: '我司想了解进口设备减免税的办理条件与所需材料，请予以答复。',
  contactName: '张敏',
  contactPhone: '13800138000',
});

it('rides through a restart and a stop of PostgreSQL under concurrent writes, keeping every acknowledged appeal', async () => {
  const { origin } = portal!;
  const token = await loginDemo(origin);
  const traffic = new Traffic(origin);
  const readiness = new Readiness(origin);
  const acknowledged = new Map<number, string>();
  let n = 0;

  // Four enterprises' worth of writes (one account, four clients from four addresses), a reader and a page.
  for (let w = 0; w < 4; w++) {
    traffic.loop(async () => {
      const title = `故障演练诉求 ${w}-${++n}`;
      const r = await traffic.call('write', '/api/appeal/save', { body: appeal(title), headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `10.0.0.${w + 1}` } });
      if (r.code === 0) acknowledged.set((r.data as { id: number }).id, title);
    });
  }
  traffic.loop(() => traffic.call('read', '/admin/appeal/en-pages?currentPage=1&pageSize=5', { headers: { authorization: `Bearer ${token}` } }));
  // A public list page asked with a new query each time: rendered, not answered from the page cache.
  let k = 0;
  traffic.loop(() => traffic.call('page', `/notice?keyword=${encodeURIComponent(`演练${++k}`)}`, { headers: { accept: 'text/html' } }), 200);

  await sleep(1_500);
  // A restart as an upgrade does it: every session ended with 57P01, the server back at once.
  await cluster.ctl('restart');
  await sleep(1_500);
  // Then gone for a while, as during a failover: readiness must say so, and say so no longer after.
  const stoppedAt = Date.now();
  await cluster.ctl('stop');
  await readiness.until(503, stoppedAt);
  await sleep(3_000);
  const startedAt = Date.now();
  await cluster.ctl('start');
  await readiness.until(200, startedAt);
  // Writes go through again, by themselves.
  const writesBefore = acknowledged.size;
  const deadline = Date.now() + 30_000;
  while (acknowledged.size < writesBefore + 8 && Date.now() < deadline) await sleep(100);
  await traffic.stop();
  await readiness.stop();

  const unavailable = traffic.count(503);
  const duringRestart = traffic.seen.filter((x) => x.status === 503 && x.at < stoppedAt).length;
  console.info(
    `[故障演练] PostgreSQL 重启一次、再停止 3 秒：/readyz 不就绪 ${readiness.notReadyText()}；` +
      `${traffic.seen.length} 个请求中 ${unavailable} 个得到 503（重启时 ${duringRestart} 个，停止时 ${unavailable - duringRestart} 个；` +
      `写 ${traffic.count(503, 'write')}、读 ${traffic.count(503, 'read')}、页面 ${traffic.count(503, 'page')}），确认写入 ${acknowledged.size} 条`,
  );

  expect(portal!.alive(), portal!.output().slice(-3000)).toBe(true);
  expect(readiness.flippedAndReturned()).toBe(true);
  expect(traffic.unacceptable(), JSON.stringify(traffic.unacceptable().slice(0, 5), null, 1)).toEqual([]);
  expect(unavailable).toBeGreaterThan(0);
  for (const s of traffic.seen.filter((x) => x.status === 503 && x.what !== 'page')) expect(s.msg).toBe('系统繁忙，请稍后再试');
  expect(acknowledged.size).toBeGreaterThan(writesBefore);

  // Every acknowledged appeal is there, whole; an unacknowledged one may be there too (its commit
  // landed but the answer was lost with the connection), but then it is whole as well.
  const rows = cluster
    .psql(`select a.id, a.title, a.content, a.status from appeal a where a.title like '故障演练诉求 %'`, DB)
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('|'));
  const stored = new Map(rows.map(([id, title, content, status]) => [Number(id), { title, content, status }]));
  for (const [id, title] of acknowledged) expect(stored.get(id)?.title, `诉求 ${id}`).toBe(title);
  for (const row of stored.values()) expect(row.content.length > 10 && row.status.length > 0).toBe(true);
}, 180_000);
