import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * Times are ISO 8601 UTC strings (helpers.ts), but the columns that default to the time of the
 * insert said CURRENT_TIMESTAMP, which writes `2026-11-26 13:42:01` on SQLite and
 * `2026-11-26 13:42:01.123+00` on PostgreSQL. A browser reads the first as its own local time: in
 * Shanghai the console showed such rows 8 hours early once React had taken the page over, and React
 * threw the server's page away over the mismatch, losing a click made meanwhile. Neither sorts
 * with the app's own `…T…Z` times either.
 *
 * The rows written so far are rewritten. PostgreSQL gets a new default; SQLite cannot change a
 * column's default without rebuilding its table, so each such column gets a trigger that rewrites
 * the default's value right after the insert (a row whose time the app writes is left alone).
 */
const ISO_SQLITE = '%Y-%m-%dT%H:%M:%fZ';
const ISO_PG = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
const NOT_ISO = '%T%Z';

interface TimeColumn {
  table: string;
  column: string;
}

async function defaultedColumns(db: Kysely<any>, pg: boolean, defaultLike: string): Promise<TimeColumn[]> {
  const { rows } = pg
    ? await sql<TimeColumn>`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = current_schema() and column_default like ${defaultLike}`.execute(db)
    : await sql<TimeColumn>`select m.name as "table", p.name as "column" from sqlite_master m join pragma_table_info(m.name) p
        where m.type = 'table' and p.dflt_value like ${defaultLike}`.execute(db);
  return rows;
}

const triggerName = ({ table, column }: TimeColumn) => `${table}_${column}_iso`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  for (const c of await defaultedColumns(db, pg, '%CURRENT_TIMESTAMP%')) {
    const [table, column] = [sql.table(c.table), sql.ref(c.column)];
    if (pg) {
      await sql`update ${table} set ${column} = to_char(${column}::timestamptz at time zone 'UTC', ${sql.lit(ISO_PG)}) where ${column} not like ${sql.lit(NOT_ISO)}`.execute(db);
      await sql`alter table ${table} alter column ${column} set default to_char(now() at time zone 'UTC', ${sql.lit(ISO_PG)})`.execute(db);
    } else {
      await sql`update ${table} set ${column} = strftime(${sql.lit(ISO_SQLITE)}, ${column}) where ${column} not like ${sql.lit(NOT_ISO)}`.execute(db);
      await sql`create trigger ${sql.id(triggerName(c))} after insert on ${table} for each row when new.${column} not like ${sql.lit(NOT_ISO)}
        begin update ${table} set ${column} = strftime(${sql.lit(ISO_SQLITE)}, new.${column}) where rowid = new.rowid; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  for (const c of await defaultedColumns(db, pg, pg ? `%${ISO_PG}%` : '%CURRENT_TIMESTAMP%')) {
    if (pg) await sql`alter table ${sql.table(c.table)} alter column ${sql.ref(c.column)} set default CURRENT_TIMESTAMP`.execute(db);
    else await sql`drop trigger if exists ${sql.id(triggerName(c))}`.execute(db);
  }
}
