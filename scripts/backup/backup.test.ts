import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '#server/config.ts';
import { createDb, type Db } from '#server/db/database.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { signUpAndLogin } from '#tests/helpers/auth.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { createTestApp, testDatabases, type DbKind, type TestApp } from '#tests/helpers/test-app.ts';
import { backup, restore } from './backup.ts';
import { BackupError } from './database.ts';

/** Every table's row count, read straight from the database (not from any manifest). */
async function rowCounts(db: Db, kind: DbKind): Promise<Record<string, number>> {
  const names =
    kind === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)).rows.map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const name of names.sort()) counts[name] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(db)).rows[0].n);
  return counts;
}

/** SHA-256 of every file under DATA_DIR/uploads, by relative path. */
function fileHashes(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'uploads');
  const hashes: Record<string, string> = {};
  for (const d of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!d.isFile()) continue;
    const full = path.join(d.parentPath, d.name);
    hashes[path.relative(root, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return hashes;
}

/** An empty place to restore into: a new data folder, and for PostgreSQL a new database. */
async function emptyTarget(source: Config): Promise<{ config: Config; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-restore-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (source.database.kind === 'sqlite') {
    return { config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'portal.db')}` }), dataDir, drop: async () => removeDir() };
  }
  // A dump restores into the schema it came from; each test app has its own schema (on its search
  // path), so the restore goes to a new database where that schema does not exist yet.
  const name = `restore_${randomBytes(5).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(source.database.url);
  url.pathname = `/${name}`;
  return {
    config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url.toString() }),
    dataDir,
    drop: async () => {
      removeDir();
      await admin(`drop database ${name} with (force)`);
    },
  };
}

for (const kind of testDatabases) {
  describe(`备份与恢复 [${kind}]`, () => {
    let t: TestApp;
    let archive: string;
    let folder: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await seedDemo(t.db);
      const user = await signUpAndLogin(t, { enterpriseName: '上海备份测试有限公司' });
      for (const [name, content] of [['营业执照.pdf', SAMPLES.pdf()], ['现场照片.png', SAMPLES.png()], ['报表.xls', SAMPLES.ole2()]] as const) {
        const { payload, headers } = multipartFile(name, content);
        const res = await t.call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...user.headers } });
        expect(res.body.code).toBe(0);
      }
      folder = mkdtempSync(path.join(tmpdir(), 'portal-archive-'));
      archive = path.join(folder, 'portal.tar.gz');
    });
    afterAll(async () => {
      await t?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    it('restores every table row for row and every uploaded file byte for byte', async () => {
      await backup(t.app.config, archive);
      const target = await emptyTarget(t.app.config);
      const { config } = target;
      try {
        const report = await restore(config, archive);
        expect(report.files).toBe(3);

        const restored = createDb(config.database, { poolSize: 1 });
        try {
          const before = await rowCounts(t.db, kind);
          expect(Object.keys(before).length).toBeGreaterThan(30);
          expect(before.file).toBe(3);
          expect(await rowCounts(restored, kind)).toEqual(before);
        } finally {
          await restored.destroy();
        }
        const files = fileHashes(t.dataDir);
        expect(Object.keys(files)).toHaveLength(3);
        expect(fileHashes(target.dataDir)).toEqual(files);
        // The signing secret came along: tokens issued before the backup stay valid.
        expect(readFileSync(path.join(target.dataDir, 'token-secret'), 'utf8')).toBe(readFileSync(path.join(t.dataDir, 'token-secret'), 'utf8'));
      } finally {
        await target.drop();
      }
    });

    it('refuses to restore over a database that holds data, and says why', async () => {
      const config = loadConfig({ ...envOf(t), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-restore-')) });
      const err = await restore(config, archive).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toMatch(/只写入空/);
      expect(await rowCounts(t.db, kind)).toMatchObject({ file: 3 });
      rmSync(config.dataDir, { recursive: true, force: true });
    });

    it('refuses a file that is not a backup', async () => {
      const err = await restore(t.app.config, path.join(folder, 'missing.tar.gz')).catch((e: unknown) => e);
      expect((err as Error).message).toMatch(/找不到备份文件/);
    });
  });
}

/** The source app's settings, to point a restore at its (non-empty) database. */
function envOf(t: TestApp) {
  const d = t.app.config.database;
  return { DATABASE_URL: d.kind === 'postgres' ? d.url : `sqlite:${d.file}` };
}
