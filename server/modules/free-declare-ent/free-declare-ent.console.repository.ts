import type { Insertable, Updateable } from 'kysely';
import type { FreeDeclareStatus } from '#contract/free-declare.ts';
import type { CorrectionQuery, FreeListQuery } from '#contract/free-declare-ent.console.ts';
import { compareAndSet, transition as casTransition, type Step, type Within } from '#server/db/compare-and-set.ts';
import type { Db } from '#server/db/database.ts';
import { cappedCount, contains, offsetOf } from '#server/platform/http/paging.ts';
import { orderByColumn } from '#server/platform/http/sorting.ts';
import type { FreeDeclareEntTable, FreeDeclareTimelineTable } from './free-declare-ent.table.ts';

function rows(db: Db) {
  return db
    .selectFrom('freeDeclareEnt as r')
    .innerJoin('freeProject as p', 'p.id', 'r.freeProjectId')
    .innerJoin('enterprise as e', 'e.id', 'r.enterpriseId')
    .selectAll('r')
    .select(['p.name as projectName', 'e.name as enterpriseName', 'e.uscc as uscc'])
    .select((eb) =>
      eb
        .selectFrom('freeDeclareCorrection as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.freeDeclareEntId', '=', 'r.id')
        .where('c.status', '=', 'received')
        .as('openCorrections'),
    );
}
export type FreeListRow = Awaited<ReturnType<ReturnType<typeof rows>['executeTakeFirstOrThrow']>>;

export async function listRows(db: Db, q: FreeListQuery) {
  let page = rows(db);
  let count = db.selectFrom('freeDeclareEnt as r').innerJoin('enterprise as e', 'e.id', 'r.enterpriseId');
  if (q.projectId) {
    page = page.where('r.freeProjectId', '=', q.projectId);
    count = count.where('r.freeProjectId', '=', q.projectId);
  }
  if (q.status) {
    page = page.where('r.status', '=', q.status);
    count = count.where('r.status', '=', q.status);
  }
  if (q.keyword) {
    const kw = q.keyword;
    page = page.where((eb) => eb.or([contains('e.name', kw), eb('e.uscc', '=', kw.toUpperCase())]));
    count = count.where((eb) => eb.or([contains('e.name', kw), eb('e.uscc', '=', kw.toUpperCase())]));
  }
  const [records, { total }] = await Promise.all([
    // Newest first unless the person sorts by a column (docs/console.md "Tables").
    orderByColumn(page, q.sortBy ? `r.${q.sortBy}` : 'r.id', q.sortBy ? q.sortOrder : 'desc', 'r.id', q.sortBy === 'paidAt').limit(q.pageSize).offset(offsetOf(q)).execute(),
    count.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export async function findRow(db: Db, id: number): Promise<FreeListRow | undefined> {
  return rows(db).where('r.id', '=', id).executeTakeFirst();
}

export async function findRows(db: Db, ids: readonly number[]): Promise<FreeListRow[]> {
  return ids.length ? rows(db).where('r.id', 'in', ids).execute() : [];
}

export async function listTimeline(db: Db, rowId: number) {
  return db.selectFrom('freeDeclareTimeline').select(['action', 'actor', 'note', 'staffName', 'at']).where('freeDeclareEntId', '=', rowId).orderBy('id').execute();
}

export type NewTimeline = Omit<Insertable<FreeDeclareTimelineTable>, 'freeDeclareEntId'>;

/** A step of a 免申即享 row: a compare-and-set on its status, with its timeline rows (db/compare-and-set.ts). */
export const transition = <T = void>(db: Db, id: number, step: Step<FreeDeclareStatus, RowPatch, NewTimeline, T>) =>
  casTransition(db, { table: 'freeDeclareEnt', timeline: 'freeDeclareTimeline', key: 'freeDeclareEntId' }, id, step);

export type RowPatch = Updateable<FreeDeclareEntTable>;

/**
 * Marks confirmed rows paid, all or none: null (nothing written) when any of them is no longer
 * 已确认, so a double click or two payers at once pay each row once.
 */
export async function payRows<T>(
  db: Db,
  ids: readonly number[],
  patch: Updateable<FreeDeclareEntTable>,
  events: Insertable<FreeDeclareTimelineTable>[],
  within: Within<T>,
) {
  const paid = await compareAndSet(
    db,
    (trx) => trx.updateTable('freeDeclareEnt').set(patch).where('id', 'in', ids).where('status', '=', 'confirmed').executeTakeFirst(),
    async (trx) => {
      await trx.insertInto('freeDeclareTimeline').values(events).execute();
      return within(trx);
    },
    ids.length,
  );
  // The rows already changed were rolled back.
  if (!paid) throw new PayConflict();
  return paid.result;
}
export class PayConflict extends Error {}

/** The mobile an SMS about a row goes to: the user who confirmed it, else the enterprise's first account. */
export async function phoneFor(db: Db, enterpriseId: number, userId: number | null): Promise<string | null> {
  if (userId !== null) {
    const own = await db.selectFrom('userAccount').select('phone').where('id', '=', userId).executeTakeFirst();
    if (own) return own.phone;
  }
  const first = await db.selectFrom('userAccount').select('phone').where('enterpriseId', '=', enterpriseId).orderBy('id').executeTakeFirst();
  return first?.phone ?? null;
}

// ---- 信息有误 corrections ----------------------------------------------------------------------

function corrections(db: Db) {
  return db
    .selectFrom('freeDeclareCorrection as c')
    .innerJoin('freeDeclareEnt as r', 'r.id', 'c.freeDeclareEntId')
    .innerJoin('freeProject as p', 'p.id', 'r.freeProjectId')
    .innerJoin('enterprise as e', 'e.id', 'c.enterpriseId')
    .select([
      'c.id',
      'c.receiptNo',
      'c.freeDeclareEntId',
      'c.enterpriseId',
      'c.userId',
      'c.content',
      'c.status',
      'c.reply',
      'c.repliedAt',
      'c.createdAt',
      'c.dueAt',
      'c.updatedAt',
      'p.name as projectName',
      'e.name as enterpriseName',
      'e.uscc as uscc',
    ]);
}
export type CorrectionRow = Awaited<ReturnType<ReturnType<typeof corrections>['executeTakeFirstOrThrow']>>;

export async function listCorrections(db: Db, q: CorrectionQuery, now: string) {
  let page = corrections(db);
  let count = db.selectFrom('freeDeclareCorrection as c');
  if (q.status) {
    page = page.where('c.status', '=', q.status);
    count = count.where('c.status', '=', q.status);
  }
  if (q.overdue) {
    page = page.where('c.status', '=', 'received').where('c.dueAt', '<', now);
    count = count.where('c.status', '=', 'received').where('c.dueAt', '<', now);
  }
  const [records, { total }] = await Promise.all([
    // Those owed soonest first; answered ones after them, newest first.
    page.orderBy('c.status', 'desc').orderBy('c.dueAt').orderBy('c.id').limit(q.pageSize).offset(offsetOf(q)).execute(),
    count.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export async function findCorrection(db: Db, id: number): Promise<CorrectionRow | undefined> {
  return corrections(db).where('c.id', '=', id).executeTakeFirst();
}

/** Compare-and-set received → answered, with the row's timeline and `within` in the same transaction; null when already answered. */
export async function answerCorrection<T>(
  db: Db,
  id: number,
  patch: { reply: string; repliedAt: string; repliedBy: number; updatedAt: string },
  event: Insertable<FreeDeclareTimelineTable>,
  within: Within<T>,
): Promise<{ result: T } | null> {
  return compareAndSet(
    db,
    (trx) =>
      trx
        .updateTable('freeDeclareCorrection')
        .set({ ...patch, status: 'answered' })
        .where('id', '=', id)
        .where('status', '=', 'received')
        .executeTakeFirst(),
    async (trx) => {
      await trx.insertInto('freeDeclareTimeline').values(event).execute();
      return within(trx);
    },
  );
}

// ---- projects -----------------------------------------------------------------------------------

export async function projectCounts(db: Db) {
  const [projects, counts] = await Promise.all([
    db.selectFrom('freeProject').select(['id', 'name', 'department', 'amountMin', 'amountMax', 'publishAt', 'status']).orderBy('publishAt', 'desc').orderBy('id', 'desc').execute(),
    db
      .selectFrom('freeDeclareEnt')
      .select(['freeProjectId', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['freeProjectId', 'status'])
      .execute(),
  ]);
  return { projects, counts };
}

/** The dashboard's 待兑付: rows the enterprise confirmed that nobody has paid yet, and their sum in 元. */
export async function payableTotals(db: Db): Promise<{ count: number; amount: number }> {
  const r = await db
    .selectFrom('freeDeclareEnt')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), amount: Number(r.amount ?? 0) };
}

/** The dashboard's figures: 信息有误 corrections waiting for an answer, and those past their deadline. */
export async function countWaitingCorrections(db: Db, now: string, cap: number) {
  const waiting = db.selectFrom('freeDeclareCorrection').select('id').where('status', '=', 'received');
  const [all, overdue] = await Promise.all([cappedCount(db, waiting, cap), cappedCount(db, waiting.where('dueAt', '<', now), cap)]);
  return { waiting: all, overdue };
}
