import { sql, type Kysely } from 'kysely';
import type { Db } from '../database.ts';
import { isPostgres } from './helpers.ts';

/**
 * How many records of each type hold each word, kept by the services that index, so that a search's
 * counts per type come from a lookup instead of a pass over the full-text index: a word found in
 * most records (企业, 申报) took 10–16 ms a type to count on PostgreSQL and up to 1.6 s on SQLite,
 * on every search not asked before (docs/search.md "Matching, ranking and sort"). A type's own word
 * (`type:notice`) counts its records. Scheduled records are found from their time: the
 * `visible_from` index lets a search take them off the counts.
 * - PostgreSQL: the counts are taken from the words already in the index.
 * - SQLite: FTS5 keeps no words to read back, so each record's words are kept beside it (`words`),
 *   for the counts to lose them when it changes; an index built before has none and is rebuilt
 *   here, by the indexer of the code that runs this.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('search_word_count')
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('docs', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_word_count_pk', ['word', 'type'])
    .execute();
  await db.schema.createIndex('search_doc_visible_idx').on('search_doc').column('visible_from').execute();
  if (pg) {
    await sql`insert into search_word_count (word, type, docs)
      select w, d.type, count(*) from search_doc d, unnest(tsvector_to_array(d.terms)) w group by w, d.type`.execute(db);
    return;
  }
  await db.schema.alterTable('search_doc').addColumn('words', 'text', (c) => c.notNull().defaultTo('')).execute();
  if (await db.selectFrom('search_doc').select('id').limit(1).executeTakeFirst()) {
    const { reindexAll } = await import('#server/modules/search/search.indexer.ts');
    await reindexAll(db as unknown as Db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(await isPostgres(db))) await db.schema.alterTable('search_doc').dropColumn('words').execute();
  await db.schema.dropIndex('search_doc_visible_idx').execute();
  await db.schema.dropTable('search_word_count').execute();
}
