import type { Selectable } from 'kysely';
import type { StaffChangeListQuery, StaffChangeStatus } from '#contract/staff-change.ts';
import { offsetOf } from '#server/platform/http/paging.ts';
import type { Conn } from './staff.repository.ts';
import type { StaffChangeTable } from './staff.table.ts';

/** The SQL of changes to audit accounts waiting for an auditor (staff-change.service.ts). */
export type StaffChangeRow = Selectable<StaffChangeTable> & { requestedByName: string; decidedByName: string | null; staffName: string | null };

export async function insertChange(
  db: Conn,
  v: { kind: string; staffId: number | null; loginName: string; payload: string; summary: string; requestedBy: number },
): Promise<number> {
  const { id } = await db
    .insertInto('staffChange')
    .values({ ...v, requestedAt: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A change still waiting for the account of this login name (one at a time). */
export const pendingFor = (db: Conn, loginName: string) =>
  db.selectFrom('staffChange').select(['id', 'summary']).where('loginName', '=', loginName).where('status', '=', 'pending').executeTakeFirst();

function rows(db: Conn) {
  return db
    .selectFrom('staffChange as c')
    .innerJoin('staffAccount as r', 'r.id', 'c.requestedBy')
    .leftJoin('staffAccount as d', 'd.id', 'c.decidedBy')
    .leftJoin('staffAccount as s', 's.id', 'c.staffId')
    .selectAll('c')
    .select(['r.name as requestedByName', 'd.name as decidedByName', 's.name as staffName']);
}

export const findChange = (db: Conn, id: number): Promise<StaffChangeRow | undefined> => rows(db).where('c.id', '=', id).executeTakeFirst();

/** Pending first, then the decided ones; newest first in each. */
export async function listChanges(db: Conn, q: StaffChangeListQuery): Promise<{ rows: StaffChangeRow[]; total: number }> {
  let list = rows(db);
  let count = db.selectFrom('staffChange as c').select((eb) => eb.fn.countAll<number>().as('n'));
  if (q.status) {
    list = list.where('c.status', '=', q.status);
    count = count.where('c.status', '=', q.status);
  }
  const [found, total] = await Promise.all([
    list
      .orderBy((eb) => eb.case().when('c.status', '=', 'pending').then(0).else(1).end())
      .orderBy('c.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: found, total: Number(total.n) };
}

/** Compare-and-set from pending: false when someone decided first. */
export async function decide(db: Conn, id: number, v: { status: StaffChangeStatus; decidedBy: number; reason: string | null; staffId?: number }): Promise<boolean> {
  const res = await db
    .updateTable('staffChange')
    .set({ status: v.status, decidedBy: v.decidedBy, decidedAt: new Date().toISOString(), reason: v.reason, ...(v.staffId ? { staffId: v.staffId } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** After an approval whose change then failed: the reason stays beside it. */
export async function markFailed(db: Conn, id: number, reason: string): Promise<void> {
  await db.updateTable('staffChange').set({ status: 'failed', reason: reason.slice(0, 300) }).where('id', '=', id).execute();
}

/** The account an approved creation made. */
export async function linkStaff(db: Conn, id: number, staffId: number): Promise<void> {
  await db.updateTable('staffChange').set({ staffId }).where('id', '=', id).execute();
}
