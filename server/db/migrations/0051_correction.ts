import type { Kysely } from 'kysely';
import { isoNow, isPostgres, withId } from './helpers.ts';

/**
 * 网站纠错: what a visitor reports wrong on a public page (the page, what is wrong, an optional
 * contact), answered by the content editors within the working days the row carries (due_at); and
 * the permission to handle the reports, for the editor role (written out here, not imported).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await withId(pg, db.schema.createTable('correction_report'))
    .addColumn('receipt_no', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('page_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('page_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('contact', 'varchar(100)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('received'))
    .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('answered_at', 'varchar(30)')
    .addColumn('staff_name', 'varchar(50)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .execute();
  // The console's list: waiting first, oldest deadline first.
  await db.schema.createIndex('correction_report_status_due_idx').on('correction_report').columns(['status', 'due_at', 'id']).execute();

  const role = await db.selectFrom('staff_role').select('id').where('code', '=', 'editor').executeTakeFirst();
  if (role) await db.insertInto('staff_role_permission').values({ role_id: role.id, permission: 'content:correction:handle' }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('staff_role_permission').where('permission', '=', 'content:correction:handle').execute();
  await db.schema.dropTable('correction_report').execute();
}
