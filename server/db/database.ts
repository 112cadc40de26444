import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresQueryCompiler, SqliteDialect, SqliteQueryCompiler, type SqliteDatabase } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '#server/config.ts';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';
import { preparingPool } from './prepared-statements.ts';
import { CamelCaseNames, snakeCaseDialect } from './snake-case.ts';
import type { Database } from './schema.ts';
import { WriteCounter, type TableName } from './write-counter.ts';

export type Db = Kysely<Database>;
export type Dialect = Config['database']['kind'];

// PostgreSQL sends int8 (count(*), sums) as strings; every count here fits a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * Kysely asks better-sqlite3 to prepare (parse and plan) every statement anew; the same SQL text
 * comes back with new parameters all the time, so the last few hundred are kept. A statement that
 * is mid-iteration (a streamed query) is busy and gets a fresh copy instead.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const stmt = sqlite.prepare(text);
      if (!cached) {
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
        statements.set(text, stmt);
      }
      return stmt;
    },
  };
}

const writeCounters = new WeakMap<Db, WriteCounter>();

/** What changes whenever `db` writes to one of `tables` (write-counter.ts); undefined for a handle not made by createDb. */
export function writeVersion(db: Db, tables: readonly TableName[]): (() => string) | undefined {
  const counter = writeCounters.get(db);
  return counter && (() => counter.version(tables));
}

const pools = new WeakMap<Db, pg.Pool>();

/** How busy the connection pool of a PostgreSQL handle is; null for SQLite, which has none. */
export function poolUse(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/**
 * One Kysely instance for either database. Columns are snake_case in SQL and camelCase in code
 * (CamelCasePlugin's renaming, done as the SQL is written: snake-case.ts), so a field keeps one
 * name from table to page.
 */
export interface DbOptions {
  poolSize?: number;
  /** Where a lost connection is reported; without it (scripts, tests) it is dropped silently. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export function createDb(database: Config['database'], opts: DbOptions = {}): Db {
  const writes = new WriteCounter();
  const db = open(database, opts, writes);
  writeCounters.set(db, writes);
  return db;
}

/**
 * node-postgres's pool, made to ride through a restart or a failover of the server (docs/operations.md
 * "故障与恢复"). A connection the server ends (57P01 on a restart) emits 'error', on the pool while
 * idle and on the client while a request holds it; unheard, either is an uncaught exception that
 * ends the process. Heard, the query under way fails (the request answers 503, platform/outage.ts),
 * the pool drops the dead connection and opens a new one for the next request. A server that
 * cannot be reached is given up on after CONNECT_TIMEOUT_MS, not waited for, and keep-alive probes
 * find a connection to a primary that vanished without closing it.
 */
const CONNECT_TIMEOUT_MS = 5_000;

function resilientPool(url: string, max: number, log: DbOptions['log']): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  const lost = (err: Error) => log?.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, '数据库连接中断，将重新连接');
  pool.on('error', lost);
  // One listener for the client's life: pg-pool's own is removed while the client is lent out.
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

function open(database: Config['database'], opts: DbOptions, writes: WriteCounter): Db {
  const names = new CamelCaseNames();
  if (database.kind === 'postgres') {
    const pool = resilientPool(database.url, opts.poolSize ?? 10, opts.log);
    const db = new Kysely<Database>({
      dialect: snakeCaseDialect(new OwnSchemaPostgresDialect({ pool: preparingPool(pool) }), PostgresQueryCompiler, names),
      plugins: [writes, names],
    });
    pools.set(db, pool);
    return db;
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: snakeCaseDialect(new SqliteDialect({ database: withStatementCache(sqlite) }), SqliteQueryCompiler, names),
    plugins: [writes, names],
  });
}

export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres') ? 'postgres' : 'sqlite';
}
