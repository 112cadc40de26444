import { sql, type Kysely } from 'kysely';

/**
 * The console queues read their page off an index (issue 8 "Speed": p99 under 20 ms with 100,000
 * appeals and 100,000 declarations). Each queue sorts by an expression first (owed work before
 * the rest), which no plain column index serves: before these, every page sorted all matching
 * rows (60 ms of CPU for the dispatcher's first page over 20,000 appeals). Each index starts with
 * what its filter fixes (nothing, the status, the department or the project), then the queue
 * order, spelt as the repositories spell it (work-order.repository.ts OWED_LAST,
 * declare-review.repository.ts WAITING_FIRST, follow-up.repository.ts ANSWERED_LAST).
 */
const OWED_LAST = '(case when due_at is null then 1 else 0 end), due_at, created_at desc, id desc';
const WAITING_FIRST = "(case when status = 'submitted' then 0 else 1 end), review_due_at, updated_at desc, id desc";
const ANSWERED_LAST = "(case when status = 'fed_back' then 1 else 0 end), due_at, id desc";

const INDEXES: [name: string, table: string, columns: string][] = [
  ['appeal_queue_idx', 'appeal', OWED_LAST],
  ['appeal_status_queue_idx', 'appeal', `status, ${OWED_LAST}`],
  ['appeal_department_queue_idx', 'appeal', `department_id, ${OWED_LAST}`],
  ['declare_ent_queue_idx', 'declare_ent', WAITING_FIRST],
  ['declare_ent_status_queue_idx', 'declare_ent', `status, ${WAITING_FIRST}`],
  ['declare_ent_project_queue_idx', 'declare_ent', `project_id, ${WAITING_FIRST}`],
  ['appeal_follow_up_queue_idx', 'appeal_follow_up', ANSWERED_LAST],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await sql.raw(`create index ${name} on ${table} (${columns})`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
