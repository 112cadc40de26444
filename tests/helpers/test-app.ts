import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Env } from '#server/config.ts';
import { createDb, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createKv, type Kv } from '#server/platform/store/kv.ts';

export type DbKind = 'sqlite' | 'postgres';

/** The databases every API test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabases: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  kv: Kv;
  kind: DbKind;
  dataDir: string;
  /** app.inject with JSON, returning the parsed envelope. */
  call<T = any>(opts: InjectOptions): Promise<{ status: number; body: { code: number; msg: string; data: T }; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL schema per test app, so that test files run side by side. */
export async function freshPgUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/**
 * An empty database of `kind` made through createDb (no migrations), for tests of the database
 * layer itself; `url` is PostgreSQL's, for a second pool on the same schema. `close` destroys the
 * handle and drops the schema or the directory.
 */
export async function emptyTestDb(kind: DbKind, poolSize: number): Promise<{ db: Db; url: string | null; close: () => Promise<void> }> {
  if (kind === 'postgres') {
    const fresh = await freshPgUrl();
    const db = createDb({ kind, url: fresh.url }, { poolSize });
    return { db, url: fresh.url, close: async () => (await db.destroy(), await fresh.drop()) };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-db-'));
  const db = createDb({ kind, file: path.join(dir, 'portal.db') });
  return { db, url: null, close: async () => (await db.destroy(), rmSync(dir, { recursive: true, force: true })) };
}

export async function createTestApp(kind: DbKind = 'sqlite', env: Partial<Env> = {}, opts: { pages?: boolean; kv?: Kv; extend?: (app: FastifyInstance) => void } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const pgDb = kind === 'postgres' ? await freshPgUrl() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb ? pgDb.url : `sqlite:${path.join(dataDir, 'portal.db')}`,
    LOG_LEVEL: 'silent',
    DEV_FIXED_CODES: '1',
    ...env,
  } as Env);
  const db = createDb(config.database, { poolSize: 4 });
  await migrateToLatest(db);
  const kv = opts.kv ?? createKv(config.redisUrl, `test-${randomBytes(4).toString('hex')}:`);
  const app = await buildApp(config, { db, kv, pages: opts.pages ?? false });
  opts.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    kv,
    kind,
    dataDir,
    async call(o) {
      const res = await app.inject(o);
      let body;
      try {
        body = res.json();
      } catch {
        body = { code: -1, msg: res.body, data: null };
      }
      return { status: res.statusCode, body, headers: res.headers as Record<string, unknown> };
    },
    async close() {
      await app.close();
      await db.destroy();
      if (!opts.kv) await kv.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `describe` once per test database. The body gets a getter for the app built in beforeAll;
 * `seed` fills the database before the tests run.
 */
export function describeEachDb(name: string, body: (t: () => TestApp) => void, seed?: (t: TestApp) => Promise<void>) {
  for (const kind of testDatabases) {
    describe(`${name} [${kind}]`, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp(kind);
        if (seed) await seed(t);
      });
      afterAll(async () => t?.close());
      body(() => t);
    });
  }
}
