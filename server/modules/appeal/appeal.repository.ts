import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AppealEnPagesQuery, AppealQuery, AppealStatus } from '#contract/appeal.ts';
import { transition as casTransition, type Step } from '#server/db/compare-and-set.ts';
import type { Db } from '#server/db/database.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';
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
/** How many of the enterprise's appeals are in each status (one GROUP BY). */
export async function countOwnByStatus(db: Db, enterpriseId: number) {
  return db
    .selectFrom('appeal')
    .select(['status', (eb) => eb.fn.countAll<number>().as('total')])
    .where('enterpriseId', '=', enterpriseId)
    .groupBy('status')
    .execute();
}

export type AppealListRow = Awaited<ReturnType<typeof listPublicAppeals>>['records'][number];

export async function findAppeal(db: Db, id: number) {
  return db
    .selectFrom('appeal')
    .innerJoin('enterprise', 'enterprise.id', 'appeal.enterpriseId')
    .selectAll('appeal')
    .innerJoin('userAccount', 'userAccount.id', 'appeal.userId')
    .select(['enterprise.name as enterpriseName', 'userAccount.phone as applicantPhone'])
    .where('appeal.id', '=', id)
    .executeTakeFirst();
}
export type AppealWithEnterprise = NonNullable<Awaited<ReturnType<typeof findAppeal>>>;

/** The timeline in order; `internal` rows (staff notes) only when asked for. */
export async function listTimeline(db: Db, appealId: number, withInternal = false): Promise<TimelineRow[]> {
  let query = db.selectFrom('appealTimeline').selectAll().where('appealId', '=', appealId);
  if (!withInternal) query = query.where('internal', '=', 0);
  return query.orderBy('at').orderBy('id').execute();
}

export async function insertAppeal(db: Db, row: Insertable<AppealTable>, event: NewTimeline): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('appeal').values(row).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('appealTimeline').values({ ...event, appealId: id }).execute();
    return id;
  });
}

/** A step of an appeal: a compare-and-set on its status, with its timeline rows (db/compare-and-set.ts). */
export type AppealPatch = Updateable<AppealTable>;
export const transition = <T = void>(db: Db, id: number, step: Step<AppealStatus, AppealPatch, NewTimeline, T>) =>
  casTransition(db, { table: 'appeal', timeline: 'appealTimeline', key: 'appealId' }, id, step);

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
