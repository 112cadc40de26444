import type { Kysely } from 'kysely';
import { isoNow, isPostgres } from './helpers.ts';

/**
 * The console's tables a clerk works in (docs/console.md "Tables"): each staff member's table
 * settings (密度, 列设置), one row per list, so that they follow the person to another computer;
 * and the indexes that let a column the person sorts by hand a page over without sorting every
 * row: work orders by 提交时间, notices and policies by 发布时间, 免申即享 rows of a project by 金额.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('staff_preference')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_account.id').onDelete('cascade'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .addPrimaryKeyConstraint('staff_preference_pk', ['staff_id', 'name'])
    .execute();
  await db.schema.createIndex('appeal_created_idx').on('appeal').columns(['created_at', 'id']).execute();
  for (const table of ['notice', 'policy']) await db.schema.createIndex(`${table}_console_publish_idx`).on(table).columns(['publish_at', 'id']).execute();
  await db.schema.createIndex('free_declare_ent_amount_idx').on('free_declare_ent').columns(['free_project_id', 'amount', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('free_declare_ent_amount_idx').execute();
  for (const table of ['notice', 'policy']) await db.schema.dropIndex(`${table}_console_publish_idx`).execute();
  await db.schema.dropIndex('appeal_created_idx').execute();
  await db.schema.dropTable('staff_preference').execute();
}
