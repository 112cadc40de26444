import { sql, type Kysely } from 'kysely';
import { ISO_PG_FORMAT, isoNow, isoTime, isPostgres } from './helpers.ts';

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
const NOT_ISO = sql.lit('%T%Z');

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
    await sql`update ${table} set ${column} = ${isoTime(pg, column)} where ${column} not like ${NOT_ISO}`.execute(db);
    if (pg) await sql`alter table ${table} alter column ${column} set default ${isoNow(pg)}`.execute(db);
    else
      await sql`create trigger ${sql.id(triggerName(c))} after insert on ${table} for each row when new.${column} not like ${NOT_ISO}
        begin update ${table} set ${column} = ${isoTime(pg, sql`new.${column}`)} where rowid = new.rowid; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  for (const c of await defaultedColumns(db, pg, pg ? `%${ISO_PG_FORMAT}%` : '%CURRENT_TIMESTAMP%')) {
    if (pg) await sql`alter table ${sql.table(c.table)} alter column ${sql.ref(c.column)} set default CURRENT_TIMESTAMP`.execute(db);
    else await sql`drop trigger if exists ${sql.id(triggerName(c))}`.execute(db);
  }
}
