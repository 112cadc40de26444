import { sql, type Kysely } from 'kysely';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import { isPostgres, now, withId } from './helpers.ts';

/** The deadlines as they stood when this migration landed (contract constants may change later). */
const REVIEW_DAYS = 10;
const RESUBMIT_DAYS = 5;
const OBJECTION_REPLY_DAYS = 5;

/**
 * Declaration review and 公示 in the console (issue 8, docs/console.md "Declaration review", "公示"):
 * the amount approved, the review and resubmission deadlines, a timeline per declaration; 公示
 * gain a state (draft → published → concluded | revoked) and objections an answer.
 * 0005's `publish_at` and `objection_end_at` stay NOT NULL (SQLite cannot relax a column in place):
 * a draft holds its generation time in both until it is published, and every read filters on status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);

  await db.schema.alterTable('declare_ent').addColumn('amount_approved', 'bigint').execute();
  await db.schema.alterTable('declare_ent').addColumn('review_due_at', 'varchar(30)').execute();
  await db.schema.alterTable('declare_ent').addColumn('resubmit_due_at', 'varchar(30)').execute();
  // The review queue of a project: by state, oldest submission first.
  await db.schema.createIndex('declare_ent_review_idx').on('declare_ent').columns(['project_id', 'status', 'submitted_at', 'id']).execute();
  await db.schema.createIndex('declare_ent_due_idx').on('declare_ent').columns(['status', 'review_due_at', 'id']).execute();

  // Rows from before: an approval granted what was asked; open reviews and returns get their deadline.
  await db.updateTable('declare_ent').set((eb) => ({ amount_approved: eb.ref('amount_applied') })).where('status', '=', 'approved').execute();
  const open = await db.selectFrom('declare_ent').select(['id', 'status', 'submitted_at', 'reviewed_at']).where('status', 'in', ['submitted', 'returned']).execute();
  for (const r of open) {
    const patch =
      r.status === 'submitted'
        ? { review_due_at: addWorkingDays(r.submitted_at ?? new Date(), REVIEW_DAYS).toISOString() }
        : { resubmit_due_at: addWorkingDays(r.reviewed_at ?? new Date(), RESUBMIT_DAYS).toISOString() };
    await db.updateTable('declare_ent').set(patch).where('id', '=', r.id).execute();
  }

  await withId(pg, db.schema.createTable('declare_ent_timeline'))
    .addColumn('declare_ent_id', 'integer', (c) => c.notNull().references('declare_ent.id'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'varchar(2000)')
    // What the enterprise sees: 申请企业 or 企业服务局, never a staff member's name.
    .addColumn('actor', 'varchar(100)', (c) => c.notNull())
    .addColumn('staff_name', 'varchar(50)')
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('declare_ent_timeline_idx').on('declare_ent_timeline').columns(['declare_ent_id', 'at', 'id']).execute();

  await db.schema.alterTable('proclamation').addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('published')).execute();
  await db.schema.alterTable('proclamation').addColumn('revoke_reason', 'varchar(500)').execute();
  await db.schema.alterTable('proclamation').addColumn('closed_at', 'varchar(30)').execute();
  await db.schema.alterTable('proclamation').addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now())).execute();
  await db.schema.createIndex('proclamation_status_idx').on('proclamation').columns(['status', 'publish_at', 'id']).execute();
  // One live 公示 (a draft or published) per project: two clicks on 生成 make one draft.
  await db.schema
    .createIndex('proclamation_live_uq')
    .on('proclamation')
    .column('project_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('draft', 'published')`)
    .execute();

  await db.schema.alterTable('proclamation_objection').addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('received')).execute();
  await db.schema.alterTable('proclamation_objection').addColumn('due_at', 'varchar(30)').execute();
  await db.schema.alterTable('proclamation_objection').addColumn('result', 'varchar(20)').execute();
  await db.schema.alterTable('proclamation_objection').addColumn('reply', 'varchar(2000)').execute();
  await db.schema.alterTable('proclamation_objection').addColumn('answered_at', 'varchar(30)').execute();
  await db.schema.alterTable('proclamation_objection').addColumn('staff_name', 'varchar(50)').execute();
  await db.schema.createIndex('proclamation_objection_status_idx').on('proclamation_objection').columns(['status', 'due_at', 'id']).execute();
  const objections = await db.selectFrom('proclamation_objection').select(['id', 'created_at']).execute();
  for (const o of objections) {
    await db.updateTable('proclamation_objection').set({ due_at: addWorkingDays(o.created_at, OBJECTION_REPLY_DAYS).toISOString() }).where('id', '=', o.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('proclamation_objection_status_idx').execute();
  for (const col of ['status', 'due_at', 'result', 'reply', 'answered_at', 'staff_name']) await db.schema.alterTable('proclamation_objection').dropColumn(col).execute();
  await db.schema.dropIndex('proclamation_status_idx').execute();
  await db.schema.dropIndex('proclamation_live_uq').execute();
  for (const col of ['status', 'revoke_reason', 'closed_at', 'updated_at']) await db.schema.alterTable('proclamation').dropColumn(col).execute();
  await db.schema.dropTable('declare_ent_timeline').execute();
  for (const idx of ['declare_ent_review_idx', 'declare_ent_due_idx']) await db.schema.dropIndex(idx).execute();
  for (const col of ['amount_approved', 'review_due_at', 'resubmit_due_at']) await db.schema.alterTable('declare_ent').dropColumn(col).execute();
}
