import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { AppealStatus } from '#contract/appeal.ts';
import type { FollowUpQuery, FollowUpStatus } from '#contract/appeal-follow-up.ts';
import type { Within } from '#server/db/compare-and-set.ts';
import type { Db } from '#server/db/database.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';
import type { AppealFollowUpTable, AppealTable } from './appeal.table.ts';
import type { NewTimeline } from './appeal.repository.ts';

export async function insertFollowUp(db: Db, row: Insertable<AppealFollowUpTable>): Promise<number> {
  const { id } = await db.insertInto('appealFollowUp').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Follow-ups with what the lists show of their appeal. */
function withAppeal(db: Db) {
  return db
    .selectFrom('appealFollowUp')
    .innerJoin('appeal', 'appeal.id', 'appealFollowUp.appealId')
    .innerJoin('enterprise', 'enterprise.id', 'appeal.enterpriseId')
    .leftJoin('department', 'department.id', 'appealFollowUp.departmentId');
}
const columns = ['appeal.title as appealTitle', 'appeal.status as appealStatus', 'enterprise.name as enterpriseName', 'department.name as departmentName'] as const;

export async function findFollowUp(db: Db, id: number) {
  return withAppeal(db)
    .innerJoin('userAccount', 'userAccount.id', 'appeal.userId')
    .selectAll('appealFollowUp')
    .select(columns)
    .select(['appeal.updatedAt as appealUpdatedAt', 'appeal.enterpriseId', 'appeal.isPublic', 'userAccount.phone as applicantPhone'])
    .where('appealFollowUp.id', '=', id)
    .executeTakeFirst();
}
export type FollowUpFull = NonNullable<Awaited<ReturnType<typeof findFollowUp>>>;

/** The open one of an appeal, if any (one at a time: a new rating needs the feedback first). */
export async function openFollowUpOf(db: Db, appealId: number) {
  return db.selectFrom('appealFollowUp').select('id').where('appealId', '=', appealId).where('status', '<>', 'fed_back').executeTakeFirst();
}

export async function listFollowUpsOf(db: Db, appealId: number) {
  return withAppeal(db).selectAll('appealFollowUp').select(columns).where('appealFollowUp.appealId', '=', appealId).orderBy('appealFollowUp.id').execute();
}
export type FollowUpListRow = Awaited<ReturnType<typeof listFollowUpsOf>>[number];

/** The list's filters on the follow-up row alone (its count needs no join: every follow-up has its appeal and enterprise). */
function filters<Q extends SelectQueryBuilder<any, any, any>>(query: Q, q: FollowUpQuery, now: string): Q {
  let out: SelectQueryBuilder<any, any, any> = query;
  if (q.status) out = out.where('appealFollowUp.status', '=', q.status);
  if (q.overdue) out = out.where('appealFollowUp.status', '<>', 'fed_back').where('appealFollowUp.dueAt', '<', now);
  return out as Q;
}

function followUps(db: Db, q: FollowUpQuery, now: string) {
  const query = filters(withAppeal(db), q, now);
  return q.keyword ? query.where((eb) => eb.or([contains('appeal.title', q.keyword!), contains('enterprise.name', q.keyword!)])) : query;
}

/** Queue order's first key, spelt as migration 0015's index spells it, so that a page is read off the index. */
const ANSWERED_LAST = sql<number>`case when appeal_follow_up.status = 'fed_back' then 1 else 0 end`;

/** Follow-ups still owed to the enterprise, and how many of them are past due (the dashboard; the status index answers it). */
export async function countOpenFollowUps(db: Db, now: string) {
  const row = await db
    .selectFrom('appealFollowUp')
    .select((eb) => [eb.fn.countAll<number>().as('open'), eb.fn.count<number>(eb.case().when('dueAt', '<', now).then(1).end()).as('overdue')])
    .where('status', 'in', ['open', 'verified'])
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), overdue: Number(row.overdue) };
}

/**
 * A page of the list. Open ones first, soonest deadline first; then the answered ones. A status
 * tab fixes the first key, and leaving it out lets the status index of migration 0017 hand the
 * rows over in order.
 */
export function followUpPage(db: Db, q: FollowUpQuery, now: string) {
  return followUps(db, q, now)
    .selectAll('appealFollowUp')
    .select(columns)
    .$if(!q.status, (qb) => qb.orderBy(ANSWERED_LAST))
    .orderBy('appealFollowUp.dueAt')
    .orderBy('appealFollowUp.id', 'desc')
    .limit(q.pageSize)
    .offset(offsetOf(q))
    .execute();
}

/** How many follow-ups the list's filters find. */
export async function followUpTotal(db: Db, q: FollowUpQuery, now: string): Promise<number> {
  const rows = q.keyword ? followUps(db, q, now) : filters(db.selectFrom('appealFollowUp'), q, now);
  const { total } = await rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * One step of a follow-up, as a compare-and-set on its status, with the timeline rows of its
 * appeal and, when given, a compare-and-set of the appeal too (the feedback resolves it again),
 * all in one transaction. Null when either had moved on.
 */
export async function moveFollowUp<T>(
  db: Db,
  followUp: { id: number; from: readonly FollowUpStatus[]; patch: Updateable<AppealFollowUpTable> },
  appeal: { id: number; from: readonly AppealStatus[]; patch: Updateable<AppealTable> } | null,
  appealId: number,
  events: NewTimeline[],
  within: Within<T>,
): Promise<{ result: T } | null> {
  return db
    .transaction()
    .execute(async (trx) => {
      const moved = await trx.updateTable('appealFollowUp').set(followUp.patch).where('id', '=', followUp.id).where('status', 'in', followUp.from).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return null;
      if (appeal) {
        const res = await trx.updateTable('appeal').set(appeal.patch).where('id', '=', appeal.id).where('status', 'in', appeal.from).executeTakeFirst();
        // Undo the follow-up's step too: both move or neither does.
        if (Number(res.numUpdatedRows) !== 1) throw new Stale();
      }
      if (events.length) await trx.insertInto('appealTimeline').values(events.map((e) => ({ ...e, appealId }))).execute();
      return { result: await within(trx) };
    })
    .catch((err) => {
      if (err instanceof Stale) return null;
      throw err;
    });
}

class Stale extends Error {}
