import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * 站内搜索 counts at most a thousand matches and lists the newest first, ranking only them
 * (docs/search.md "Matching, ranking and sort"):
 * - the walk by date, of all types or of one, reads an index in order and stops at the slice,
 *   instead of sorting every match of a word found everywhere; SQLite counts per type along the
 *   second without reading a row;
 * - PostgreSQL: each record's type becomes a word of its own (`type:notice`; no analysed word has a
 *   colon), so a count per type is answered by the GIN index, never by unpacking rows' words.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The visibility rides along, so that a walk tests it without reading the row.
  await db.schema.createIndex('search_doc_date_idx').on('search_doc').columns(['date', 'id', 'visible_from']).execute();
  await db.schema.createIndex('search_doc_type_date_idx').on('search_doc').columns(['type', 'date', 'id', 'visible_from']).execute();
  if (await isPostgres(db)) await sql`update search_doc set terms = terms || array_to_tsvector(array['type:' || type])`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) await sql`update search_doc set terms = ts_delete(terms, array['type:' || type])`.execute(db);
  await db.schema.dropIndex('search_doc_type_date_idx').execute();
  await db.schema.dropIndex('search_doc_date_idx').execute();
}
