import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Env } from '#server/config.ts';
import { createDb, type Db } from '#server/db/database.ts';
import { cleanEnv } from './server.ts';

/**
 * Throw-away databases for one benchmark run: SQLite in a temporary DATA_DIR, PostgreSQL in a
 * fresh schema of BENCH_DATABASE_URL (default: the local test database), both seeded through
 * `npm run seed -- --scale N` and dropped afterwards.
 */
export interface BenchDb {
  kind: 'sqlite' | 'postgres';
  /** DATA_DIR and DATABASE_URL for the server. */
  env: Record<string, string>;
  seedSeconds: number;
  drop(): Promise<void>;
}

export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function seed(env: Record<string, string>, scale: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // 站内搜索's index is built by its own section (scripts/bench/search.ts), which times the rebuild.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--scale', String(scale), '--no-search-index'], {
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve((Date.now() - started) / 1000);
      else reject(new Error(`写入演示数据失败（退出码 ${code}）：\n${out.slice(-3000)}`));
    });
  });
}

export async function sqliteDb(scale: number): Promise<BenchDb> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const env = { DATA_DIR: dir };
  try {
    return { kind: 'sqlite', env, seedSeconds: await seed(env, scale), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function postgresDb(scale: number): Promise<BenchDb> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const env = { DATA_DIR: dir, DATABASE_URL: url.toString() };
  const drop = async () => {
    rmSync(dir, { recursive: true, force: true });
    await adminQuery(`drop schema ${schema} cascade`);
  };
  try {
    return { kind: 'postgres', env, seedSeconds: await seed(env, scale), drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

/** The bench database through the server's own Kysely setup, to write records straight into it. */
export function openBenchDb(env: Record<string, string>): Db {
  return createDb(loadConfig({ ...env, LOG_LEVEL: 'silent' } as Env).database);
}
