import type { Kysely } from 'kysely';

/**
 * The last published version of each notice and policy, kept when it is published (and, for a
 * row published before this table, when an offline row is first edited), so that the review of
 * the changed draft can show what changed against what the public saw (docs/console.md "Content").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('published_copy')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('copy', 'text', (c) => c.notNull())
    .addColumn('copied_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('published_copy_pk', ['kind', 'record_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('published_copy').execute();
}
