import type { Kysely } from 'kysely';

/**
 * Indexes for the console dashboard's counts (docs/console.md "Dashboard"; issue 8 "Speed": p99 under
 * 20 ms with 100,000 appeals). Each count is `status <> 'withdrawn'` and one queue's filter,
 * within a handler's department or over all: these indexes hold every column such a count reads,
 * so it is answered from the index alone, without visiting the rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // 超期 / 临期 over every work order (a dispatcher's).
  await db.schema.createIndex('appeal_due_status_idx').on('appeal').columns(['due_at', 'status']).execute();
  // 超期 / 临期 of one department (a handler's).
  await db.schema.createIndex('appeal_department_due_idx').on('appeal').columns(['department_id', 'due_at', 'status']).execute();
  // 延期待审批: a handful among 100,000.
  await db.schema.createIndex('appeal_extension_idx').on('appeal').columns(['extension_status', 'department_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const idx of ['appeal_due_status_idx', 'appeal_department_due_idx', 'appeal_extension_idx']) await db.schema.dropIndex(idx).execute();
}
