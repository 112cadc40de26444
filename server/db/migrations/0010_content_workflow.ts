import type { Kysely } from 'kysely';

/**
 * 先审后发 for notices and policies (docs/console.md "Content"): who drafted, who last changed and who
 * reviewed a row, when it is to go public, and why it was sent back or taken offline. Rows that
 * exist already keep their status ('published' or 'draft'); nobody drafted them in the console.
 * Files get the staff member who uploaded them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['notice', 'policy']) {
    await db.schema.alterTable(table).addColumn('created_by', 'integer').execute();
    await db.schema.alterTable(table).addColumn('updated_by', 'integer').execute();
    await db.schema.alterTable(table).addColumn('reviewed_by', 'integer').execute();
    await db.schema.alterTable(table).addColumn('reviewed_at', 'varchar(30)').execute();
    // The time the author asks for; publishAt is set from it (or from the moment of approval).
    await db.schema.alterTable(table).addColumn('schedule_at', 'varchar(30)').execute();
    await db.schema.alterTable(table).addColumn('reject_reason', 'varchar(500)').execute();
    await db.schema.alterTable(table).addColumn('offline_reason', 'varchar(500)').execute();
    // The console's lists: by status, newest change first.
    await db.schema.createIndex(`${table}_console_idx`).on(table).columns(['status', 'updated_at', 'id']).execute();
    await db.schema.createIndex(`${table}_console_all_idx`).on(table).columns(['updated_at', 'id']).execute();
  }
  await db.schema.alterTable('file').addColumn('staff_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file').dropColumn('staff_id').execute();
  for (const table of ['notice', 'policy']) {
    await db.schema.dropIndex(`${table}_console_all_idx`).execute();
    await db.schema.dropIndex(`${table}_console_idx`).execute();
    for (const column of ['offline_reason', 'reject_reason', 'schedule_at', 'reviewed_at', 'reviewed_by', 'updated_by', 'created_by']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
