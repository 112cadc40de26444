import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, PostgresQueryCompiler, SqliteDialect, SqliteQueryCompiler, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '#server/config.ts';
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

/**
 * One Kysely instance for either database. Columns are snake_case in SQL and camelCase in code
 * (CamelCasePlugin's renaming, done as the SQL is written: snake-case.ts), so a field keeps one
 * name from table to page.
 */
export function createDb(database: Config['database'], opts: { poolSize?: number } = {}): Db {
  const writes = new WriteCounter();
  const db = open(database, opts, writes);
  writeCounters.set(db, writes);
  return db;
}

function open(database: Config['database'], opts: { poolSize?: number }, writes: WriteCounter): Db {
  const names = new CamelCaseNames();
  if (database.kind === 'postgres') {
    return new Kysely<Database>({
      dialect: snakeCaseDialect(
        new PostgresDialect({ pool: preparingPool(new pg.Pool({ connectionString: database.url, max: opts.poolSize ?? 10 })) }),
        PostgresQueryCompiler,
        names,
      ),
      plugins: [writes, names],
    });
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
