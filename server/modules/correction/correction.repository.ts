import type { CorrectionQuery } from '#contract/correction.ts';
import type { Db } from '#server/db/database.ts';
import { offsetOf } from '#server/platform/http/paging.ts';

export async function highestReceiptNo(db: Db, day: string): Promise<string | null> {
  const row = await db.selectFrom('correctionReport').select((eb) => eb.fn.max('receiptNo').as('n')).where('receiptNo', 'like', `${day}%`).executeTakeFirst();
  return row?.n ?? null;
}

export async function insertReport(
  db: Db,
  row: { receiptNo: string; pageUrl: string; pageTitle: string; description: string; contact: string | null; dueAt: string; createdAt: string },
): Promise<number> {
  return (await db.insertInto('correctionReport').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Unanswered first, each by its deadline; answered ones newest first. */
export async function listReports(db: Db, q: CorrectionQuery) {
  let query = db.selectFrom('correctionReport');
  if (q.status) query = query.where('status', '=', q.status);
  const [records, { total }] = await Promise.all([
    query
      .selectAll()
      .orderBy('status', 'desc')
      .orderBy('dueAt')
      .orderBy('id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export async function findReport(db: Db, id: number) {
  return db.selectFrom('correctionReport').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Answers a report still waiting; false when it was answered meanwhile. */
export async function answerReport(db: Db, id: number, reply: string, staffName: string, at: string): Promise<boolean> {
  const r = await db.updateTable('correctionReport').set({ status: 'answered', reply, staffName, answeredAt: at }).where('id', '=', id).where('status', '=', 'received').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function waitingCounts(db: Db, now: string, cap: number) {
  const base = db.selectFrom('correctionReport').where('status', '=', 'received');
  const [waiting, overdue] = await Promise.all([
    base.select('id').limit(cap).execute(),
    base.select('id').where('dueAt', '<', now).limit(cap).execute(),
  ]);
  return { waiting: waiting.length, overdue: overdue.length };
}
