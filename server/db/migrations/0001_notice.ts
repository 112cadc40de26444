import type { Kysely } from 'kysely';
import { isPostgres, now, withId } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await withId(pg, db.schema.createTable('notice'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('source', 'varchar(100)')
    .addColumn('publish_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('published'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  // The public list: published, pinned first, newest first.
  await db.schema.createIndex('notice_list_idx').on('notice').columns(['status', 'is_top', 'publish_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notice').execute();
}
