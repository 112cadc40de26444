import { sql, type Kysely } from 'kysely';
import { isoNow, isPostgres, withId } from './helpers.ts';

/**
 * 站内搜索 (issue 46): the index lives in the database, one `search_doc` row per public record.
 * `terms` are the words the analyser cut (search.analyzer.ts), joined by spaces; each database
 * indexes them as they are, without a parser of its own, so both find the same rows:
 * - SQLite: an FTS5 table whose rowid is the document's id (unicode61 only splits at the spaces);
 * - PostgreSQL: a tsvector built from the words as an array (no text search configuration),
 *   under a GIN index.
 * `title_terms` (' word word ') ranks title hits above body hits with a plain string test.
 * The synonyms are staff's; the query log is counted per day and query.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  let doc = withId(pg, db.schema.createTable('search_doc'))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('date', 'varchar(30)', (c) => c.notNull())
    .addColumn('visible_from', 'varchar(30)', (c) => c.notNull())
    .addColumn('title_terms', 'text', (c) => c.notNull())
    .addUniqueConstraint('search_doc_ref_key', ['type', 'ref_id']);
  if (pg) doc = doc.addColumn('terms', sql`tsvector`, (c) => c.notNull());
  await doc.execute();
  if (pg) await sql`create index search_doc_terms_idx on search_doc using gin (terms)`.execute(db);
  else await sql`create virtual table search_fts using fts5(terms, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);

  await withId(pg, db.schema.createTable('search_synonym'))
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .execute();

  await db.schema
    .createTable('search_query_log')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('query', 'varchar(100)', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addColumn('empty', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_query_log_pkey', ['day', 'query'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(await isPostgres(db))) await sql`drop table search_fts`.execute(db);
  await db.schema.dropTable('search_query_log').execute();
  await db.schema.dropTable('search_synonym').execute();
  await db.schema.dropTable('search_doc').execute();
}
