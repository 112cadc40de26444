import type { Insertable, Updateable } from 'kysely';
import type { FreeDeclarePagesQuery, FreeDeclareStatus } from '#contract/free-declare.ts';
import { compareAndSet } from '#server/db/compare-and-set.ts';
import type { Db } from '#server/db/database.ts';
import { offsetOf } from '#server/platform/http/paging.ts';
import type { FreeDeclareCorrectionTable, FreeDeclareEntTable, FreeDeclareTimelineTable } from './free-declare-ent.table.ts';

function withProject(db: Db) {
  return db
    .selectFrom('freeDeclareEnt as r')
    .innerJoin('freeProject as p', 'p.id', 'r.freeProjectId')
    .innerJoin('enterprise as e', 'e.id', 'r.enterpriseId')
    .selectAll('r')
    .select([
      'p.name as projectName',
      'p.department as projectDepartment',
      'p.amountMin as projectAmountMin',
      'p.amountMax as projectAmountMax',
      'e.name as enterpriseName',
      'e.uscc as uscc',
    ]);
}

export async function listOwnRows(db: Db, enterpriseId: number, q: FreeDeclarePagesQuery) {
  let base = db.selectFrom('freeDeclareEnt').where('enterpriseId', '=', enterpriseId);
  if (q.status) base = base.where('status', '=', q.status);
  let page = withProject(db).where('r.enterpriseId', '=', enterpriseId);
  if (q.status) page = page.where('r.status', '=', q.status);
  const [records, { total }] = await Promise.all([
    page.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}
/** How many of the enterprise's 免申即享 rows are in each status (one GROUP BY). */
export async function countOwnByStatus(db: Db, enterpriseId: number) {
  return db
    .selectFrom('freeDeclareEnt')
    .select(['status', (eb) => eb.fn.countAll<number>().as('total')])
    .where('enterpriseId', '=', enterpriseId)
    .groupBy('status')
    .execute();
}

export type FreeDeclareRow = Awaited<ReturnType<typeof listOwnRows>>['records'][number];

export async function findRow(db: Db, id: number): Promise<FreeDeclareRow | undefined> {
  return withProject(db).where('r.id', '=', id).executeTakeFirst();
}

export async function rowsFor(db: Db, enterpriseId: number, projectIds: number[]) {
  if (!projectIds.length) return [];
  return db.selectFrom('freeDeclareEnt').select(['id', 'freeProjectId']).where('enterpriseId', '=', enterpriseId).where('freeProjectId', 'in', projectIds).execute();
}

/** Compare-and-set on the status, with the step's timeline row in the same transaction: false when the row moved on meanwhile. */
export async function updateIfStatus(db: Db, id: number, from: FreeDeclareStatus, patch: Updateable<FreeDeclareEntTable>, event: Omit<Insertable<FreeDeclareTimelineTable>, 'freeDeclareEntId'>): Promise<boolean> {
  const done = await compareAndSet(
    db,
    (trx) => trx.updateTable('freeDeclareEnt').set(patch).where('id', '=', id).where('status', '=', from).executeTakeFirst(),
    (trx) => trx.insertInto('freeDeclareTimeline').values({ ...event, freeDeclareEntId: id }).execute(),
  );
  return done !== null;
}

export async function listCorrections(db: Db, rowIds: number[]) {
  if (!rowIds.length) return [];
  return db
    .selectFrom('freeDeclareCorrection')
    .select(['freeDeclareEntId', 'receiptNo', 'content', 'createdAt', 'reply', 'repliedAt'])
    .where('freeDeclareEntId', 'in', rowIds)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function highestCorrectionReceipt(db: Db, day: string): Promise<string | null> {
  const row = await db
    .selectFrom('freeDeclareCorrection')
    .select((eb) => eb.fn.max('receiptNo').as('highest'))
    .where('receiptNo', '>=', day)
    .where('receiptNo', '<', `${day}~`)
    .executeTakeFirst();
  return (row?.highest as string | null) ?? null;
}

export async function insertCorrection(db: Db, row: Insertable<FreeDeclareCorrectionTable>, event: Omit<Insertable<FreeDeclareTimelineTable>, 'freeDeclareEntId'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('freeDeclareCorrection').values(row).execute();
    await trx.insertInto('freeDeclareTimeline').values({ ...event, freeDeclareEntId: row.freeDeclareEntId }).execute();
  });
}

/** The public steps of rows (staff names are not read). */
export async function listSteps(db: Db, rowIds: number[]) {
  if (!rowIds.length) return [];
  return db.selectFrom('freeDeclareTimeline').select(['freeDeclareEntId', 'action', 'actor', 'note', 'at']).where('freeDeclareEntId', 'in', rowIds).orderBy('id').execute();
}
