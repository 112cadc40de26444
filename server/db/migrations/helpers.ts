import { sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';

/**
 * Portable column helpers, so that one migration runs on SQLite and PostgreSQL alike.
 * Conventions (docs/decisions.md):
 * - ids are integers: `integer primary key autoincrement` on SQLite, `serial` on PostgreSQL;
 * - times are ISO 8601 UTC strings (`text`), which sort correctly as text on both;
 * - flags are integers 0/1; money is integer 元 (exact; the API shows 万元).
 */
export type AnyDb = Kysely<any>;

export async function isPostgres(db: AnyDb): Promise<boolean> {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export function withId<T extends string>(pg: boolean, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return pg
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * CURRENT_TIMESTAMP writes no ISO time (`2026-11-26 13:42:01` on SQLite); it stays only because the
 * migrations that have landed call it, and 0022 turns what it writes into ISO. New columns default
 * to `isoNow(pg)`.
 */
export const now = () => sql`CURRENT_TIMESTAMP`;

/** The `to_char` format of an ISO 8601 UTC time with milliseconds, as `Date#toISOString` writes it. */
export const ISO_PG_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/** `value` (a time, or SQLite's 'now') as ISO 8601 UTC text with milliseconds. */
export function isoTime(pg: boolean, value: RawBuilder<unknown>): RawBuilder<string> {
  return pg ? sql`to_char((${value})::timestamptz at time zone 'UTC', ${sql.lit(ISO_PG_FORMAT)})` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${value})`;
}

/** A column default of the time of the insert, as the app writes times (parenthesised, as SQLite wants an expression default). */
export const isoNow = (pg: boolean) => sql`(${isoTime(pg, pg ? sql`now()` : sql`'now'`)})`;
