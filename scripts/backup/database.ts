import { execFile } from 'node:child_process';
import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '#server/config.ts';

const run = promisify(execFile);

/** What the archive says about its database: enough to restore it and to check the restore. */
export interface DatabaseManifest {
  kind: 'sqlite' | 'postgres';
  /** The PostgreSQL schema the tables live in (normally `public`); the restore recreates it by that name. */
  schema?: string;
  /** Rows per table at the moment of the snapshot. */
  tables: Record<string, number>;
}

export class BackupError extends Error {}

// ---- SQLite ----

function sqliteCounts(file: string): Record<string, number> {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const names = db.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`).pluck().all() as string[];
    return Object.fromEntries(names.map((n) => [n, db.prepare(`select count(*) from "${n}"`).pluck().get() as number]));
  } finally {
    db.close();
  }
}

/**
 * SQLite's online backup API copies a consistent image page by page while the portal keeps
 * writing (a plain file copy of a WAL database can catch it half-way through a checkpoint).
 */
async function snapshotSqlite(file: string, dest: string): Promise<DatabaseManifest> {
  const source = new SQLite(file, { fileMustExist: true });
  try {
    await source.backup(dest);
  } finally {
    source.close();
  }
  return { kind: 'sqlite', tables: sqliteCounts(dest) };
}

async function restoreSqlite(file: string, from: string, expected: DatabaseManifest): Promise<Record<string, number>> {
  const existing = await stat(file).catch(() => null);
  if (existing && existing.size > 0) throw new BackupError(`目标数据库 ${file} 已存在：恢复只写入空的数据目录，请先停止门户并移走原文件`);
  await mkdir(path.dirname(file), { recursive: true });
  await copyFile(from, file);
  const db = new SQLite(file);
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`恢复后的数据库完整性检查未通过：${String(check)}`);
  } finally {
    db.close();
  }
  return compareCounts(expected.tables, sqliteCounts(file));
}

// ---- PostgreSQL ----

/**
 * libpq settings from DATABASE_URL, passed to pg_dump/pg_restore through the environment: the
 * password stays out of the process list, and URL quirks (a `+` in `options`) do not matter.
 */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const param = (name: string) => u.searchParams.get(name) ?? undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: param('host') ?? (u.hostname || undefined),
    PGPORT: u.port || param('port'),
    PGUSER: decodeURIComponent(u.username) || param('user'),
    PGPASSWORD: decodeURIComponent(u.password) || param('password'),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)) || param('dbname'),
    PGSSLMODE: param('sslmode'),
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function pgCounts(client: pg.Client, schema: string): Promise<Record<string, number>> {
  const { rows } = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
    [schema],
  );
  const counts: Record<string, number> = {};
  for (const { table_name: name } of rows) {
    const ident = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
    counts[name] = Number((await client.query<{ n: string }>(`select count(*) as n from ${ident}`)).rows[0].n);
  }
  return counts;
}

/** pg_dump must be at least the server's major version, or it refuses (or, worse, dumps wrongly). */
async function checkPgDumpVersion(client: pg.Client, tool: string) {
  const { stdout } = await run(tool, ['--version']).catch(() => {
    throw new BackupError(`找不到 ${tool}：请安装与数据库服务器同版本的 PostgreSQL 客户端（Debian：apt-get install postgresql-client）`);
  });
  const toolMajor = Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1]);
  const serverMajor = Math.floor(Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10000);
  if (!(toolMajor >= serverMajor)) {
    throw new BackupError(`${tool} 版本（${toolMajor}）低于数据库服务器（${serverMajor}）：请安装 PostgreSQL ${serverMajor} 或更新版本的客户端`);
  }
}

/**
 * pg_dump of the portal's schema, and the row counts of the very same snapshot: a repeatable-read
 * transaction exports its snapshot, counts in it, and pg_dump dumps from it (`--snapshot`), so
 * writes that land meanwhile are in neither or in both.
 */
async function snapshotPostgres(url: string, dest: string): Promise<DatabaseManifest> {
  const client = await connect(url);
  try {
    await checkPgDumpVersion(client, 'pg_dump');
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0].s;
    const schema = (await client.query<{ s: string | null }>('select current_schema() as s')).rows[0].s;
    if (!schema) throw new BackupError('DATABASE_URL 指向的数据库没有可用的 schema（search_path）');
    const tables = await pgCounts(client, schema);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--schema=${schema}`, `--snapshot=${snapshot}`, `--file=${dest}`], {
      env: libpqEnv(url),
    }).catch((err: { stderr?: string }) => {
      throw new BackupError(`pg_dump 失败：${err.stderr?.trim() || String(err)}`);
    });
    await client.query('commit');
    return { kind: 'postgres', schema, tables };
  } finally {
    await client.end();
  }
}

async function restorePostgres(url: string, from: string, expected: DatabaseManifest): Promise<Record<string, number>> {
  const schema = expected.schema ?? 'public';
  const client = await connect(url);
  try {
    await checkPgDumpVersion(client, 'pg_restore');
    const present = await pgCounts(client, schema);
    if (Object.keys(present).length > 0) {
      throw new BackupError(`目标数据库的 schema “${schema}” 中已有 ${Object.keys(present).length} 张表：恢复只写入空数据库，请先停止门户并换用一个空库`);
    }
    // The dump creates its schema; an empty one already there (a fresh database's `public`) is reused.
    const exists = (await client.query('select 1 from information_schema.schemata where schema_name = $1', [schema])).rowCount! > 0;
    const listed = exists ? await withoutSchemaEntry(url, from, schema) : [];
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...listed, `--dbname=${libpqEnv(url).PGDATABASE}`, from], {
      env: libpqEnv(url),
    }).catch((err: { stderr?: string }) => {
      throw new BackupError(`pg_restore 失败：${err.stderr?.trim() || String(err)}`);
    });
    return compareCounts(expected.tables, await pgCounts(client, schema));
  } finally {
    await client.end();
  }
}

/** A pg_restore table of contents without the `CREATE SCHEMA` entry, for restoring into an existing empty schema. */
async function withoutSchemaEntry(url: string, dump: string, schema: string): Promise<string[]> {
  const { stdout } = await run('pg_restore', ['--list', dump], { env: libpqEnv(url) });
  const kept = stdout.split('\n').filter((line) => !new RegExp(`^\\d+; \\d+ \\d+ SCHEMA - ${schema} `).test(line));
  const listFile = `${dump}.list`;
  await writeFile(listFile, kept.join('\n'));
  return [`--use-list=${listFile}`];
}

// ---- both ----

/** Restored rows per table; throws naming every table whose count differs from the archive's. */
function compareCounts(expected: Record<string, number>, actual: Record<string, number>): Record<string, number> {
  const wrong = Object.entries(expected)
    .filter(([table, n]) => actual[table] !== n)
    .map(([table, n]) => `${table}：应为 ${n} 行，实为 ${actual[table] ?? '（缺表）'}`);
  if (wrong.length) throw new BackupError(`恢复后的数据与备份不符：\n  ${wrong.join('\n  ')}`);
  return actual;
}

export const DATABASE_FILE = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;

export function snapshotDatabase(config: Config, dest: string): Promise<DatabaseManifest> {
  return config.database.kind === 'sqlite' ? snapshotSqlite(config.database.file, dest) : snapshotPostgres(config.database.url, dest);
}

export function restoreDatabase(config: Config, from: string, expected: DatabaseManifest): Promise<Record<string, number>> {
  if (expected.kind !== config.database.kind) {
    const name = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
    throw new BackupError(`备份来自 ${name[expected.kind]}，而 DATABASE_URL 指向 ${name[config.database.kind]}：请用同一种数据库恢复`);
  }
  return config.database.kind === 'sqlite' ? restoreSqlite(config.database.file, from, expected) : restorePostgres(config.database.url, from, expected);
}
