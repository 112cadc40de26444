import { sql, type Kysely } from 'kysely';

/**
 * The deadline tabs (超期, 临期; a status tab of the 差评 follow-ups) read their page off an index
 * too (issue 8 "Speed"). These tabs filter on a range of the deadline, where the queue order's
 * constant first key (0015) is left out, and sort by the deadline and then newest first: the
 * deadline indexes of 0009–0013 ended at the deadline (or an id), so the many ties on one
 * deadline — a day's work orders fall due at the same end-of-day instant — were sorted anew on
 * every call (31 ms of CPU for the dispatcher's 临期 page with 100,000 appeals). Each index below
 * replaces the one of the same prefix and keeps the columns the dashboard counts read (and, for
 * declarations, the project: the review page counts what waits per project from it), so a count
 * is still answered from the index alone and no table gets one index more.
 */
const INDEXES: [name: string, table: string, columns: string, replaces: string][] = [
  ['appeal_due_queue_idx', 'appeal', 'due_at, created_at desc, id desc, status', 'appeal_due_status_idx'],
  ['appeal_department_due_queue_idx', 'appeal', 'department_id, due_at, created_at desc, id desc, status', 'appeal_department_due_idx'],
  ['declare_ent_due_queue_idx', 'declare_ent', 'status, review_due_at, updated_at desc, id desc, project_id', 'declare_ent_due_idx'],
  ['appeal_follow_up_status_queue_idx', 'appeal_follow_up', 'status, due_at, id desc', 'appeal_follow_up_status_idx'],
];

/** Superseded without a replacement of its own: (due_at, id) is a prefix-twin of appeal_due_queue_idx. */
const DROPPED = 'appeal_due_idx';

/** The ones replaced, as 0009, 0011 and 0013 made them (for `down`). */
const BEFORE: Record<string, [table: string, columns: string[]]> = {
  appeal_due_idx: ['appeal', ['due_at', 'id']],
  appeal_due_status_idx: ['appeal', ['due_at', 'status']],
  appeal_department_due_idx: ['appeal', ['department_id', 'due_at', 'status']],
  declare_ent_due_idx: ['declare_ent', ['status', 'review_due_at', 'id']],
  appeal_follow_up_status_idx: ['appeal_follow_up', ['status', 'due_at', 'id']],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns, replaces] of INDEXES) {
    await sql.raw(`create index ${name} on ${table} (${columns})`).execute(db);
    await db.schema.dropIndex(replaces).execute();
  }
  await db.schema.dropIndex(DROPPED).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, [table, columns]] of Object.entries(BEFORE)) await db.schema.createIndex(name).on(table).columns(columns).execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
