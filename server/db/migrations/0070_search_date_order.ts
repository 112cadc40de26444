import type { Kysely } from 'kysely';

/**
 * 站内搜索 lists the newest matches first and ranks only them (docs/search.md "Matching, ranking
 * and sort"): the walk by date, of all types or of one, reads the index in order and stops at the
 * slice, instead of sorting every match of a word found everywhere.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('search_doc_date_idx').on('search_doc').columns(['date', 'id']).execute();
  await db.schema.createIndex('search_doc_type_date_idx').on('search_doc').columns(['type', 'date', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('search_doc_type_date_idx').execute();
  await db.schema.dropIndex('search_doc_date_idx').execute();
}
