import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { loginDemo, request, startBuiltServer, type ServerProcess } from '#tests/helpers/built-server.ts';
import { freshPgUrl, testDatabases } from '#tests/helpers/test-app.ts';

/**
 * `kill -9` in the middle of a burst of writes loses nothing that was answered `code: 0`: the
 * built server is started on a seeded database, the demo enterprise submits appeals, uploads
 * files and edits its declarations from several connections at once, the process is killed
 * while requests are under way, restarted on the same data, and every acknowledged write is read
 * back.
 */
const sha256 = (b: Buffer | ArrayBuffer) => createHash('sha256').update(Buffer.from(b as ArrayBuffer)).digest('hex');
const KILL_AFTER_ACKS = 40;

interface Acked {
  appeals: { id: number; title: string }[];
  files: { path: string; sha256: string }[];
  /** Declaration id → the highest revision number an edit of it was acknowledged with. */
  revisions: Map<number, number>;
}

async function burst(origin: string, token: string, kill: () => void): Promise<{ acked: Acked; inFlightAtKill: number }> {
  const acked: Acked = { appeals: [], files: [], revisions: new Map() };
  const types = await request<{ id: string }[]>(origin, '/api/dict/parent?code=appeal_type');
  const drafts = await request<{ records: { id: number; project: { id: number } }[] }>(origin, '/uaa/api/customer/declare-ent/page?status=draft&size=10', { token });
  expect(drafts.data.records.length).toBeGreaterThan(0);

  let count = 0;
  let inFlight = 0;
  let killed = false;
  /** Runs `write` until the server is gone; `write` answers whether it was acknowledged. */
  const loop = async (write: (i: number) => Promise<boolean>) => {
    for (let i = 1; !killed; i++) {
      inFlight++;
      try {
        if (await write(i)) count++;
      } catch {
        return; // the connection died with the server: the outcome of this write is unknown
      } finally {
        inFlight--;
      }
    }
  };

  const appeals = (worker: number) =>
    loop(async (i) => {
      const title = `断电测试诉求 ${worker}-${i}-${randomBytes(3).toString('hex')}`;
      const r = await request<{ id: number }>(origin, '/api/appeal/save', {
        token,
        body: { title, type: types.data[0].id, content: '关于仓储用地的咨询，请告知新增仓储用地的申请条件。', contactName: '王经理', contactPhone: '13800138000' },
      });
      if (r.code === 0) acked.appeals.push({ id: r.data.id, title });
      return r.code === 0;
    });
  const uploads = () =>
    loop(async () => {
      const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(96 * 1024)]);
      const form = new FormData();
      form.append('file', new Blob([content]), '申报材料.pdf');
      const r = await request<{ path: string }>(origin, '/uaa/api/upload/file', { token, form });
      if (r.code === 0) acked.files.push({ path: r.data.path, sha256: sha256(content) });
      return r.code === 0;
    });
  const edits = (draft: { id: number; project: { id: number } }) =>
    loop(async (i) => {
      const r = await request(origin, '/uaa/api/customer/declare-ent/edit', {
        token,
        body: { id: draft.id, projectId: draft.project.id, content: `第 ${i} 次修改`, submit: false },
      });
      if (r.code === 0) acked.revisions.set(draft.id, i);
      return r.code === 0;
    });

  const workers = [appeals(1), appeals(2), appeals(3), uploads(), uploads(), ...drafts.data.records.map(edits)];
  while (count < KILL_AFTER_ACKS) await sleep(2);
  const inFlightAtKill = inFlight;
  kill();
  killed = true;
  await Promise.all(workers);
  return { acked, inFlightAtKill };
}

for (const kind of testDatabases) {
  describe(`kill -9 during a burst of writes [${kind}]`, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-durability-'));
    let env: Record<string, string>;
    let dropSchema = async () => {};
    let server: ServerProcess | null = null;

    beforeAll(async () => {
      let url = `sqlite:${path.join(dataDir, 'portal.db')}`;
      if (kind === 'postgres') {
        const pg = await freshPgUrl();
        url = pg.url;
        dropSchema = pg.drop;
      }
      env = { DATA_DIR: dataDir, DATABASE_URL: url };
      const db = createDb(loadConfig({ ...env, LOG_LEVEL: 'silent' }).database, { poolSize: 1 });
      await migrateToLatest(db);
      await seedDemo(db);
      await db.destroy();
    });
    afterAll(async () => {
      server?.child.kill('SIGKILL');
      await server?.exited;
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps every appeal, upload and declaration edit that was answered code 0', async () => {
      server = await startBuiltServer(env);
      const first = server;
      const { acked, inFlightAtKill } = await burst(first.origin, await loginDemo(first.origin), () => first.child.kill('SIGKILL'));
      expect(await first.exited).toBeNull(); // killed by the signal, not exited
      expect(inFlightAtKill).toBeGreaterThan(0);
      expect(acked.appeals.length).toBeGreaterThan(0);
      expect(acked.files.length).toBeGreaterThan(0);
      expect(acked.revisions.size).toBeGreaterThan(0);

      server = await startBuiltServer(env);
      const { origin } = server;
      const token = await loginDemo(origin);
      for (const a of acked.appeals) {
        const r = await request<{ title: string }>(origin, `/admin/appeal?id=${a.id}`, { token });
        expect(r.code, `诉求 ${a.id}`).toBe(0);
        expect(r.data.title).toBe(a.title);
      }
      for (const f of acked.files) {
        const res = await fetch(`${origin}/uaa/api/download/file?filePath=${encodeURIComponent(f.path)}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status, f.path).toBe(200);
        expect(sha256(await res.arrayBuffer()), f.path).toBe(f.sha256);
      }
      for (const [id, revision] of acked.revisions) {
        const r = await request<{ content: string }>(origin, `/uaa/api/customer/declare-ent/detail?id=${id}`, { token });
        // A later edit may have been written just before the kill without its answer getting out.
        expect(Number(/第 (\d+) 次修改/.exec(r.data.content)?.[1]), `申报 ${id}`).toBeGreaterThanOrEqual(revision);
      }
    }, 60_000);
  });
}
