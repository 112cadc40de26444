import type { Kysely } from 'kysely';
import { addWorkingDays } from '../../platform/workflow/working-days.ts';
import { isPostgres, now, withId } from './helpers.ts';

/**
 * 免申即享 in the staff console (docs/console.md "免申即享", issue 8): import batches (the checked rows
 * wait there between preview and commit), the steps of a row (cancel, return, pay with a voucher),
 * its timeline, and the bureau's answer to 信息有误 within 5 working days. Staff ids carry no
 * foreign key, as elsewhere: a record outlives the account that acted on it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);

  await withId(pg, db.schema.createTable('free_declare_import'))
    .addColumn('free_project_id', 'integer', (c) => c.notNull().references('free_project.id'))
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('previewed'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('invalid', 'integer', (c) => c.notNull())
    // JSON [[uscc, name, amount 元, condition, source], ...]: the good rows, written by the commit.
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('created', 'integer')
    .addColumn('skipped', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('committed_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('free_declare_import_project_idx').on('free_declare_import').columns(['free_project_id', 'id']).execute();

  for (const [name, type] of [
    ['import_id', 'integer'],
    ['voucher_no', 'varchar(50)'],
    ['paid_by', 'integer'],
    ['cancel_reason', 'varchar(500)'],
    ['cancelled_at', 'varchar(30)'],
    ['return_reason', 'varchar(500)'],
  ] as const) {
    await db.schema.alterTable('free_declare_ent').addColumn(name, type).execute();
  }
  // The console's lists: a project's rows by state, and every row by state (the payer's queue).
  await db.schema.createIndex('free_declare_ent_project_idx').on('free_declare_ent').columns(['free_project_id', 'status', 'id']).execute();
  await db.schema.createIndex('free_declare_ent_status_idx').on('free_declare_ent').columns(['status', 'id']).execute();

  await withId(pg, db.schema.createTable('free_declare_timeline'))
    .addColumn('free_declare_ent_id', 'integer', (c) => c.notNull().references('free_declare_ent.id'))
    .addColumn('action', 'varchar(30)', (c) => c.notNull())
    // Who the enterprise sees acting: 企业服务局 or the enterprise; never a staff member's name.
    .addColumn('actor', 'varchar(100)', (c) => c.notNull())
    .addColumn('note', 'varchar(1000)')
    .addColumn('staff_name', 'varchar(50)')
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('free_declare_timeline_idx').on('free_declare_timeline').columns(['free_declare_ent_id', 'id']).execute();

  await db.schema
    .alterTable('free_declare_correction')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('received'))
    .execute();
  await db.schema.alterTable('free_declare_correction').addColumn('due_at', 'varchar(30)').execute();
  await db.schema.alterTable('free_declare_correction').addColumn('reply', 'varchar(1000)').execute();
  await db.schema.alterTable('free_declare_correction').addColumn('replied_at', 'varchar(30)').execute();
  await db.schema.alterTable('free_declare_correction').addColumn('replied_by', 'integer').execute();
  await db.schema.alterTable('free_declare_correction').addColumn('updated_at', 'varchar(30)').execute();
  // Corrections received before this migration are owed an answer too: 5 working days from receipt.
  const open = await db.selectFrom('free_declare_correction').select(['id', 'created_at']).execute();
  for (const row of open) {
    const dueAt = addWorkingDays(new Date(row.created_at), 5).toISOString();
    await db.updateTable('free_declare_correction').set({ due_at: dueAt, updated_at: row.created_at }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('free_declare_correction_status_idx').on('free_declare_correction').columns(['status', 'due_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('free_declare_correction_status_idx').execute();
  for (const column of ['updated_at', 'replied_by', 'replied_at', 'reply', 'due_at', 'status']) {
    await db.schema.alterTable('free_declare_correction').dropColumn(column).execute();
  }
  await db.schema.dropTable('free_declare_timeline').execute();
  await db.schema.dropIndex('free_declare_ent_status_idx').execute();
  await db.schema.dropIndex('free_declare_ent_project_idx').execute();
  for (const column of ['return_reason', 'cancelled_at', 'cancel_reason', 'paid_by', 'voucher_no', 'import_id']) {
    await db.schema.alterTable('free_declare_ent').dropColumn(column).execute();
  }
  await db.schema.dropTable('free_declare_import').execute();
}
