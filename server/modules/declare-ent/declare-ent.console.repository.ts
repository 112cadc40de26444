import { sql, type SelectQueryBuilder } from 'kysely';
import type { ReviewQuery } from '#contract/declare-ent.console.ts';
import type { Db } from '#server/db/database.ts';
import { cappedCount, contains, listTotal, offsetOf } from '#server/platform/http/paging.ts';
import { orderByColumn } from '#server/platform/http/sorting.ts';
import type { DeadlineBounds } from '#server/platform/workflow/deadline-flags.ts';

/** The bureau's declarations: every one the enterprise has sent at least once (drafts are the enterprise's own). */
function declarations(db: Db) {
  return db
    .selectFrom('declareEnt as d')
    .innerJoin('declareProject as p', 'p.id', 'd.projectId')
    .innerJoin('enterprise as e', 'e.id', 'd.enterpriseId')
    .where('d.status', '<>', 'draft');
}

/** The queue's filters, all on the declaration row `d` (so its count needs no join: every declaration has its project and enterprise). */
function queueFilters<Q extends SelectQueryBuilder<any, any, any>>(query: Q, q: ReviewQuery, b: DeadlineBounds): Q {
  let out: SelectQueryBuilder<any, any, any> = query;
  if (q.projectId) out = out.where('d.projectId', '=', q.projectId);
  if (q.status) out = out.where('d.status', '=', q.status);
  if (q.overdue) out = out.where('d.status', '=', 'submitted').where('d.reviewDueAt', '<', b.now);
  if (q.dueSoon) out = out.where('d.status', '=', 'submitted').where('d.reviewDueAt', '>=', b.now).where('d.reviewDueAt', '<=', b.soonUntil);
  return out as Q;
}

/** The bureau's declarations that the queue's filters find, on the declaration row alone (a keyword looks up the enterprise's name in a subquery). */
function queue(db: Db, q: ReviewQuery, b: DeadlineBounds) {
  const query = queueFilters(db.selectFrom('declareEnt as d').where('d.status', '<>', 'draft'), q, b);
  const keyword = q.keyword;
  if (!keyword) return query;
  return query.where((eb) =>
    eb.or([
      contains('d.enterpriseName', keyword),
      contains('d.uscc', keyword),
      eb('d.enterpriseId', 'in', eb.selectFrom('enterprise as e').select('e.id').where(contains('e.name', keyword))),
    ]),
  );
}

const itemColumns = [
  'd.id',
  'd.projectId',
  'p.name as projectName',
  'e.name as enterpriseName',
  'd.uscc',
  'd.amountApplied',
  'd.amountApproved',
  'd.status',
  'd.submittedAt',
  'd.reviewedAt',
  'd.reviewDueAt',
  'd.resubmitDueAt',
] as const;

/**
 * Queue order's first key, spelt exactly as the indexes of migrations 0015 and 0019 spell it (an
 * index on an expression serves only that expression), so that a page is read off an index, not
 * sorted.
 */
const WAITING_FIRST = sql<number>`case when d.status = 'submitted' then 0 else 1 end`;

/**
 * Queue order: waiting reviews first, the one due soonest at the top; then the rest, latest change
 * first. 超期 and 临期 (`waitingOnly`) hold only waiting ones: the first key is constant there, and
 * leaving it out lets the deadline index of migration 0017 hand the rows over in order. The page
 * and the join around it are sorted alike.
 */
function inQueueOrder<Q extends SelectQueryBuilder<any, any, any>>(query: Q, waitingOnly: boolean, sort?: Pick<ReviewQuery, 'sortBy' | 'sortOrder'>): Q {
  // A column the person chose replaces the queue order (docs/console.md "Tables").
  if (sort?.sortBy) return orderByColumn(query, `d.${sort.sortBy}`, sort.sortOrder, 'd.id', sort.sortBy !== 'amountApplied');
  return query.$if(!waitingOnly, (qb) => qb.orderBy(WAITING_FIRST)).orderBy('d.reviewDueAt').orderBy('d.updatedAt', 'desc').orderBy('d.id', 'desc') as Q;
}

/**
 * A queue's page. The page is chosen from the declaration rows alone, then joined: a join in the
 * same query lets a planner with statistics start from the few projects and sort every
 * declaration.
 */
export function queuePage(db: Db, q: ReviewQuery, b: DeadlineBounds) {
  const waitingOnly = Boolean(q.overdue || q.dueSoon);
  const page = inQueueOrder(queue(db, q, b).selectAll('d'), waitingOnly, q).limit(q.pageSize).offset(offsetOf(q));
  return inQueueOrder(
    db
      .selectFrom(page.as('d'))
      .innerJoin('declareProject as p', 'p.id', 'd.projectId')
      .innerJoin('enterprise as e', 'e.id', 'd.enterpriseId')
      .select(itemColumns),
    waitingOnly,
    q,
  ).execute();
}

/** A queue's total, counted to LIST_COUNT_CAP at most (the page then says 超过 10,000 条); `exact`: see listTotal. */
export function queueTotal(db: Db, q: ReviewQuery, b: DeadlineBounds, exact: boolean) {
  return listTotal(db, queue(db, q, b), exact);
}
export type QueueRow = Awaited<ReturnType<typeof queuePage>>[number];

/** One declaration with what a reviewer needs around it: the project's cap and the filing account's mobile. */
export async function findForReview(db: Db, id: number) {
  return declarations(db)
    .innerJoin('userAccount as u', 'u.id', 'd.userId')
    .selectAll('d')
    .select(['p.name as projectName', 'p.applyEnd as projectApplyEnd', 'p.amountMax as projectAmountMax', 'e.name as enterpriseName', 'u.phone as applicantPhone'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}
export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findForReview>>>;

/**
 * Every project with what waits in it: the reviewer's way into the queues, asked on every visit
 * of the review page. Only waiting declarations are counted, by project, off the deadline index
 * (migration 0017) alone: joining all 100,000 declarations to the projects and grouping them,
 * as before, read every row (1.1 s on SQLite), and counting them all by project and status still
 * cost 50 ms of CPU for totals no page showed.
 */
export async function listProjectQueues(db: Db, now: string) {
  const [projects, waiting] = await Promise.all([
    db.selectFrom('declareProject').select(['id', 'name', 'applyStart', 'applyEnd', 'amountMax']).orderBy('applyEnd', 'desc').orderBy('id', 'desc').execute(),
    db
      .selectFrom('declareEnt')
      .select((eb) => ['projectId', eb.fn.countAll<number>().as('submitted'), eb.fn.count<number>(eb.case().when('reviewDueAt', '<', now).then(1).end()).as('overdue')])
      .where('status', '=', 'submitted')
      .groupBy('projectId')
      .execute(),
  ]);
  const byProject = new Map(waiting.map((w) => [w.projectId, w]));
  return projects.map((p) => ({ ...p, submitted: Number(byProject.get(p.id)?.submitted ?? 0), overdue: Number(byProject.get(p.id)?.overdue ?? 0) }));
}

export async function findProjectName(db: Db, id: number) {
  return db.selectFrom('declareProject').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** A project's declarations for the export, in the order they were sent. */
export async function listForExport(db: Db, projectId: number) {
  return declarations(db)
    .select(['d.id', 'e.name as enterpriseName', 'd.uscc', 'd.contactName', 'd.contactPhone', 'd.amountApplied', 'd.amountApproved', 'd.status', 'd.submittedAt', 'd.reviewedAt', 'd.reviewNote'])
    .where('d.projectId', '=', projectId)
    .orderBy('d.submittedAt')
    .orderBy('d.id')
    .execute();
}

/** The dashboard's figures: declarations waiting for review, and those past their review deadline (index declare_ent_due_queue_idx). */
export async function countWaiting(db: Db, now: string, cap: number) {
  const waiting = db.selectFrom('declareEnt').select('id').where('status', '=', 'submitted');
  const [all, overdue] = await Promise.all([cappedCount(db, waiting, cap), cappedCount(db, waiting.where('reviewDueAt', '<', now), cap)]);
  return { waiting: all, overdue };
}
