import type { Kysely } from 'kysely';
import { isPostgres, now, withId } from './helpers.ts';

/**
 * Staff workflows (issue 8, docs/console.md "Workflows"): in-site messages and the SMS sent with them,
 * the appeal work order (department, signing, extension, reply files, 回访, hiding from the public
 * list, the deadline the bureau owes now), internal timeline rows, and 差评 follow-ups.
 * `department_id` columns carry no foreign key: departments come from the console's migration and
 * a work order must outlive a department's renaming or disabling.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);

  await withId(pg, db.schema.createTable('message'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprise.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('link', 'varchar(300)')
    .addColumn('read_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  // The enterprise's list (newest first) and its unread count.
  await db.schema.createIndex('message_enterprise_idx').on('message').columns(['enterprise_id', 'id']).execute();
  await db.schema.createIndex('message_unread_idx').on('message').columns(['enterprise_id', 'read_at']).execute();

  await withId(pg, db.schema.createTable('sms_delivery'))
    .addColumn('message_id', 'integer', (c) => c.references('message.id'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('template', 'varchar(40)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('driver', 'varchar(10)', (c) => c.notNull())
    .addColumn('answer', 'varchar(300)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('sent_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('sms_delivery_status_idx').on('sms_delivery').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('sms_delivery_message_idx').on('sms_delivery').column('message_id').execute();

  for (const [name, type] of [
    ['department_id', 'integer'],
    ['due_at', 'varchar(30)'],
    ['assigned_at', 'varchar(30)'],
    ['sign_deadline_at', 'varchar(30)'],
    ['signed_at', 'varchar(30)'],
    ['extension_status', 'varchar(20)'],
    ['extension_days', 'integer'],
    ['extension_reason', 'varchar(500)'],
    ['revisit_deadline_at', 'varchar(30)'],
    ['revisited_at', 'varchar(30)'],
    ['unpublish_reason', 'varchar(500)'],
  ] as const) {
    await db.schema.alterTable('appeal').addColumn(name, type).execute();
  }
  await db.schema.alterTable('appeal').addColumn('reply_attachments', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  // What the bureau owes now, for the rows that already exist.
  await db.updateTable('appeal').set((eb) => ({ due_at: eb.ref('accept_deadline_at') })).where('status', '=', 'pending').execute();
  await db.updateTable('appeal').set((eb) => ({ due_at: eb.ref('reply_deadline_at') })).where('status', '=', 'processing').execute();
  // The queues: by state (newest first), by department, and by the deadline owed (超期 / 临期).
  await db.schema.createIndex('appeal_status_idx').on('appeal').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('appeal_department_idx').on('appeal').columns(['department_id', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('appeal_due_idx').on('appeal').columns(['due_at', 'id']).execute();

  // Internal rows (notes, extension requests) are for staff only; staff_name never reaches the enterprise.
  await db.schema.alterTable('appeal_timeline').addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('appeal_timeline').addColumn('staff_name', 'varchar(50)').execute();

  await withId(pg, db.schema.createTable('appeal_follow_up'))
    .addColumn('appeal_id', 'integer', (c) => c.notNull().references('appeal.id'))
    .addColumn('department_id', 'integer')
    .addColumn('evaluation_level', 'integer', (c) => c.notNull())
    .addColumn('evaluation_comment', 'varchar(500)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('open'))
    .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('verification', 'varchar(1000)')
    .addColumn('verified_at', 'varchar(30)')
    .addColumn('feedback', 'varchar(2000)')
    .addColumn('fed_back_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('appeal_follow_up_status_idx').on('appeal_follow_up').columns(['status', 'due_at', 'id']).execute();
  await db.schema.createIndex('appeal_follow_up_appeal_idx').on('appeal_follow_up').columns(['appeal_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appeal_follow_up').execute();
  for (const idx of ['appeal_status_idx', 'appeal_department_idx', 'appeal_due_idx']) await db.schema.dropIndex(idx).execute();
  for (const col of ['internal', 'staff_name']) await db.schema.alterTable('appeal_timeline').dropColumn(col).execute();
  for (const col of [
    'department_id',
    'due_at',
    'assigned_at',
    'sign_deadline_at',
    'signed_at',
    'extension_status',
    'extension_days',
    'extension_reason',
    'revisit_deadline_at',
    'revisited_at',
    'unpublish_reason',
    'reply_attachments',
  ]) {
    await db.schema.alterTable('appeal').dropColumn(col).execute();
  }
  await db.schema.dropTable('sms_delivery').execute();
  await db.schema.dropTable('message').execute();
}
