import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

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

export const now = () => sql`CURRENT_TIMESTAMP`;
