import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * PostgreSQL: how many records of each type hold each word, kept by the services that index, so
 * that a search's counts per type come from a lookup instead of a pass over the GIN index: a word
 * found in most records (企业, 申报) took 10–16 ms a type to count, on every search not asked before
 * (docs/search.md "Matching, ranking and sort"). A type's own word (`type:notice`) counts its
 * records. Scheduled records are found from their time: their
 * `visible_from` index lets a search take them off the counts. SQLite counts from FTS5 itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(await isPostgres(db))) return;
  await db.schema
    .createTable('search_word_count')
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('docs', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_word_count_pk', ['word', 'type'])
    .execute();
  await sql`insert into search_word_count (word, type, docs)
    select w, d.type, count(*) from search_doc d, unnest(tsvector_to_array(d.terms)) w group by w, d.type`.execute(db);
  await db.schema.createIndex('search_doc_visible_idx').on('search_doc').column('visible_from').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(await isPostgres(db))) return;
  await db.schema.dropIndex('search_doc_visible_idx').execute();
  await db.schema.dropTable('search_word_count').execute();
}
