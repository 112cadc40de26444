import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AppealEnPagesQuery, AppealQuery } from '#contract/appeal.ts';
import type { Db } from '#server/db/database.ts';
import { contains, offsetOf } from '#server/platform/paging.ts';
import type { AppealTable, AppealTimelineTable } from './appeal.table.ts';

export type AppealRow = Selectable<AppealTable>;
export type TimelineRow = Selectable<AppealTimelineTable>;
export type NewTimeline = Omit<Insertable<AppealTimelineTable>, 'appealId'>;

const listColumns = [
  'appeal.id',
  'appeal.title',
  'appeal.type',
  'appeal.status',
  'appeal.isPublic',
  'appeal.createdAt',
  'appeal.reply',
  'appeal.repliedAt',
  'appeal.acceptDeadlineAt',
  'appeal.replyDeadlineAt',
  'appeal.evaluationLevel',
  'enterprise.name as enterpriseName',
] as const;

function publicAppeals(db: Db, q: Pick<AppealQuery, 'keyword' | 'type' | 'status'>) {
  let query = db
    .selectFrom('appeal')
    .innerJoin('enterprise', 'enterprise.id', 'appeal.enterpriseId')
    .where('appeal.isPublic', '=', 1)
    .where('appeal.status', '<>', 'withdrawn');
  if (q.status) query = query.where('appeal.status', '=', q.status);
  if (q.type) query = query.where('appeal.type', '=', q.type);
  if (q.keyword) query = query.where(contains('appeal.title', q.keyword));
  return query;
}

function ownAppeals(db: Db, enterpriseId: number, q: AppealEnPagesQuery) {
  let query = db
    .selectFrom('appeal')
    .innerJoin('enterprise', 'enterprise.id', 'appeal.enterpriseId')
    .where('appeal.enterpriseId', '=', enterpriseId);
  if (q.status) query = query.where('appeal.status', '=', q.status);
  if (q.keyword) query = query.where(contains('appeal.title', q.keyword));
  return query;
}

/** Newest first; id breaks ties so that paging is stable. */
export async function listPublicAppeals(db: Db, q: AppealQuery) {
  const [records, { total }] = await Promise.all([
    publicAppeals(db, q).select(listColumns).orderBy('appeal.createdAt', 'desc').orderBy('appeal.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute(),
    publicAppeals(db, q).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export async function listOwnAppeals(db: Db, enterpriseId: number, q: AppealEnPagesQuery) {
  const [records, { total }] = await Promise.all([
    ownAppeals(db, enterpriseId, q).select(listColumns).orderBy('appeal.createdAt', 'desc').orderBy('appeal.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute(),
    ownAppeals(db, enterpriseId, q).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}
export type AppealListRow = Awaited<ReturnType<typeof listPublicAppeals>>['records'][number];

export async function findAppeal(db: Db, id: number) {
  return db
    .selectFrom('appeal')
    .innerJoin('enterprise', 'enterprise.id', 'appeal.enterpriseId')
    .selectAll('appeal')
    .select('enterprise.name as enterpriseName')
    .where('appeal.id', '=', id)
    .executeTakeFirst();
}
export type AppealWithEnterprise = NonNullable<Awaited<ReturnType<typeof findAppeal>>>;

export async function listTimeline(db: Db, appealId: number): Promise<TimelineRow[]> {
  return db.selectFrom('appealTimeline').selectAll().where('appealId', '=', appealId).orderBy('at').orderBy('id').execute();
}

export async function insertAppeal(db: Db, row: Insertable<AppealTable>, event: NewTimeline): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('appeal').values(row).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('appealTimeline').values({ ...event, appealId: id }).execute();
    return id;
  });
}

/**
 * Changes an appeal only if it is still in one of `from` (a compare-and-set, so that two
 * concurrent transitions cannot both win), and records the events. False when the state moved on.
 */
export async function transition(db: Db, id: number, from: readonly string[], patch: Updateable<AppealTable>, events: NewTimeline[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('appeal').set(patch).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (events.length) await trx.insertInto('appealTimeline').values(events.map((e) => ({ ...e, appealId: id }))).execute();
    return true;
  });
}

export async function appealStatistics(db: Db) {
  const row = await db
    .selectFrom('appeal')
    .select((eb) => [
      eb.fn.countAll<number>().as('received'),
      eb.fn.count<number>(eb.case().when('status', 'in', ['resolved', 'evaluated']).then(1).end()).as('resolved'),
      eb.fn.count<number>('evaluationLevel').as('evaluated'),
      eb.fn.count<number>(eb.case().when('evaluationLevel', '<=', 3).then(1).end()).as('satisfied'),
    ])
    .where('status', '<>', 'withdrawn')
    .executeTakeFirstOrThrow();
  return { received: Number(row.received), resolved: Number(row.resolved), evaluated: Number(row.evaluated), satisfied: Number(row.satisfied) };
}
