import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { startBuiltServer, type ServerProcess } from '#tests/helpers/built-server.ts';
import { freshPgUrl } from '#tests/helpers/test-app.ts';

// WEB_CONCURRENCY=2 on the built server: two workers behind one port, sharing PostgreSQL and Redis
// (config.ts refuses it without them; that refusal is tested in platform/config.test.ts).
const pgBase = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** One request on a connection of its own: the cluster hands each new connection to the next worker. */
function once(origin: string, url: string, init: { method?: string; body?: unknown; requestId: string }): Promise<{ status: number; body: string }> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(url, origin),
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: { 'x-request-id': init.requestId, connection: 'close', ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The process that logged a request, from its pino line (every line carries the pid). */
function pidOf(log: string, requestId: string): number | null {
  const line = log.split('\n').find((l) => l.includes(`"reqId":"${requestId}"`));
  return line ? (JSON.parse(line) as { pid: number }).pid : null;
}

const listeningPids = (log: string) =>
  log
    .split('\n')
    .filter((l) => l.includes('Server listening at'))
    .map((l) => (JSON.parse(l) as { pid: number }).pid);

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('refuses more than one worker on SQLite or without Redis, saying what to set', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-workers-config-')), WEB_CONCURRENCY: '2' };
  const message = /WEB_CONCURRENCY 大于 1 时须同时设置 DATABASE_URL=postgres:\/\/…（PostgreSQL）与 REDIS_URL/;
  expect(() => loadConfig(base)).toThrow(ConfigError);
  expect(() => loadConfig(base)).toThrow(message);
  expect(() => loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(message);
  expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://127.0.0.1/portal' })).toThrow(message);
  expect(loadConfig({ ...base, DATABASE_URL: 'postgres://127.0.0.1/portal', REDIS_URL: 'redis://127.0.0.1:6379' }).workers).toBe(2);
  expect(() => loadConfig({ ...base, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY 须为 1–32 的整数/);
  expect(() => loadConfig({ ...base, WEB_CONCURRENCY: 'two' })).toThrow(/WEB_CONCURRENCY 须为 1–32 的整数/);
  expect(loadConfig({ DATA_DIR: base.DATA_DIR }).workers).toBe(1);
  rmSync(base.DATA_DIR, { recursive: true, force: true });
});

if (pgBase && redisUrl) {
  describe('WEB_CONCURRENCY=2（PostgreSQL 与 Redis）', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-workers-'));
    let server: ServerProcess;
    let dropSchema: () => Promise<void> = async () => {};

    beforeAll(async () => {
      const fresh = await freshPgUrl();
      dropSchema = fresh.drop;
      const env = { DATA_DIR: dataDir, DATABASE_URL: fresh.url, REDIS_URL: redisUrl, WEB_CONCURRENCY: '2' };
      const db = createDb(loadConfig({ ...env, LOG_LEVEL: 'silent' }).database, { poolSize: 1 });
      await migrateToLatest(db);
      await seedDemo(db);
      await db.destroy();
      server = await startBuiltServer(env);
      // The helper resolves at the first worker's line; the second follows.
      while (listeningPids(server.output()).length < 2) await sleep(50);
    }, 90_000);
    afterAll(async () => {
      server?.child.kill('SIGKILL');
      for (const pid of listeningPids(server?.output() ?? '')) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** The pid on the log line of this request, once it is written (null after 5 s without it). */
    async function loggedPid(requestId: string): Promise<number | null> {
      for (let waited = 0; waited < 5_000; waited += 50) {
        const pid = pidOf(server.output(), requestId);
        if (pid !== null) return pid;
        await sleep(50);
      }
      return null;
    }

    it('serves from both workers, and a captcha drawn by one is accepted at login by the other', async () => {
      const crossed: boolean[] = [];
      for (let i = 0; i < 4; i++) {
        const uuid = randomUUID();
        const drawId = `draw-${uuid}`;
        const loginId = `login-${uuid}`;
        const drawn = await once(server.origin, `/fykj/captcha?uuid=${uuid}`, { requestId: drawId });
        expect(drawn.status).toBe(200);
        const login = await once(server.origin, '/fykj/en-login', {
          method: 'POST',
          body: { loginName: '13800138000', password: 'Demo#2026', uuid, code: '8888' },
          requestId: loginId,
        });
        expect(JSON.parse(login.body)).toMatchObject({ code: 0 });
        // The access lines are written off the request (an asynchronous destination): they may land a little after the answer.
        const [a, b] = [await loggedPid(drawId), await loggedPid(loginId)];
        expect(a).not.toBeNull();
        crossed.push(a !== b);
      }
      // Each pair is two connections in a row, so the workers alternate: the captcha and the login
      // meet in different processes, which only works because the captcha lives in Redis.
      expect(crossed).toContain(true);
      expect(new Set(listeningPids(server.output())).size).toBe(2);
    }, 60_000);

    it('replaces a worker that dies, and the service keeps answering', async () => {
      const [first] = listeningPids(server.output());
      process.kill(first, 'SIGKILL');
      while (listeningPids(server.output()).length < 3) await sleep(100);
      expect(isRunning(first)).toBe(false);
      for (let i = 0; i < 4; i++) expect((await once(server.origin, '/readyz', { requestId: `after-restart-${i}` })).status).toBe(200);
      expect(server.output()).toContain(`工作进程 ${first} 意外退出（SIGKILL），1 秒后重启`);
    }, 30_000);

    it('stops every worker on SIGTERM and exits 0', async () => {
      const pids = listeningPids(server.output()).filter(isRunning);
      expect(pids).toHaveLength(2);
      server.child.kill('SIGTERM');
      const exit = await Promise.race([server.exited, sleep(15_000).then(() => '15 秒后仍在运行')]);
      expect(exit).toBe(0);
      expect(pids.filter(isRunning)).toEqual([]);
    }, 30_000);
  });
}
