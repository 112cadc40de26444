import { sql, type SelectQueryBuilder } from 'kysely';
import type { WorkOrderQuery } from '#contract/appeal.console.ts';
import type { Db } from '#server/db/database.ts';
import { cappedCount, contains, listTotal, offsetOf } from '#server/platform/http/paging.ts';
import { orderByColumn } from '#server/platform/http/sorting.ts';
import type { DeadlineBounds } from '#server/platform/workflow/deadline-flags.ts';
import type { NewTimeline } from './appeal.repository.ts';

/** The row scope of a staff member: a handler sees only the work orders of their department. */
export interface Scope {
  departmentId?: number;
}

/**
 * The queue filters on the appeal row alone (a keyword looks up the enterprise's name in a
 * subquery): the list joins what it shows to its page only, the dashboard counts without joins.
 */
function filtered(db: Db, q: Partial<WorkOrderQuery>, scope: Scope, b: DeadlineBounds) {
  // The enterprise withdrew these before anyone acted: not the bureau's work.
  let query = db.selectFrom('appeal').where('appeal.status', '<>', 'withdrawn');
  if (scope.departmentId !== undefined) query = query.where('appeal.departmentId', '=', scope.departmentId);
  if (q.status) query = query.where('appeal.status', '=', q.status);
  if (q.departmentId) query = query.where('appeal.departmentId', '=', q.departmentId);
  if (q.overdue) query = query.where('appeal.dueAt', '<', b.now);
  if (q.dueSoon) query = query.where('appeal.dueAt', '>=', b.now).where('appeal.dueAt', '<=', b.soonUntil);
  if (q.extensionRequested) query = query.where('appeal.extensionStatus', '=', 'requested');
  if (q.unsigned) query = query.where('appeal.status', '=', 'processing').where('appeal.departmentId', 'is not', null).where('appeal.signedAt', 'is', null);
  const keyword = q.keyword;
  if (keyword) {
    query = query.where((eb) =>
      eb.or([contains('appeal.title', keyword), eb('appeal.enterpriseId', 'in', eb.selectFrom('enterprise').select('enterprise.id').where(contains('enterprise.name', keyword)))]),
    );
  }
  return query;
}

/**
 * How many work orders one queue holds (the dashboard), counting at most `cap` rows so that a
 * queue of tens of thousands costs no more than a full page. Every appeal has its enterprise, so
 * leaving out the list's joins changes no count.
 */
export async function countWorkOrders(db: Db, q: Partial<WorkOrderQuery>, scope: Scope, b: DeadlineBounds, cap: number): Promise<number> {
  return cappedCount(db, filtered(db, q, scope, b).select('appeal.id'), cap);
}

const itemColumns = [
  'appeal.id',
  'appeal.title',
  'appeal.type',
  'appeal.status',
  'appeal.departmentId',
  'appeal.signedAt',
  'appeal.extensionStatus',
  'appeal.dueAt',
  'appeal.createdAt',
  'enterprise.name as enterpriseName',
  'department.name as departmentName',
] as const;

/**
 * Queue order's first key, spelt exactly as the indexes of migrations 0015 and 0019 spell it (an
 * index on an expression serves only that expression), so that each queue's page is read off an
 * index instead of sorting every matching row.
 */
const OWED_LAST = sql<number>`case when appeal.due_at is null then 1 else 0 end`;

/**
 * Queue order: what is owed soonest first (超期 at the top), then what is owed nothing, newest
 * first. 超期 and 临期 (`owed`) hold only rows with a deadline: the first key is constant there,
 * and leaving it out lets the deadline indexes of migration 0017 hand the rows over in order.
 * The page and the join around it are sorted alike.
 */
function inQueueOrder<Q extends SelectQueryBuilder<any, any, any>>(query: Q, owed: boolean): Q {
  return query.$if(!owed, (qb) => qb.orderBy(OWED_LAST)).orderBy('appeal.dueAt').orderBy('appeal.createdAt', 'desc').orderBy('appeal.id', 'desc') as Q;
}

/**
 * The rows of one status, for the page, led by the status in the queue order, so that only the
 * status-first index of migration 0015 can hand them over. With `status = v` PostgreSQL drops the
 * fixed status from the order and, costing the two alike, read 已办结 (41,617 rows, nearly all
 * without a deadline) off the 全部 index, walking 268 pages past the appeals with a deadline (0.8–3
 * ms) where the status-first index needs 13 (0.02 ms). A range of one value is not a fixed value.
 * Only where no department narrows the rows: its own index serves those.
 */
function ofOneStatus<Q extends SelectQueryBuilder<any, any, any>>(query: Q, status: string): Q {
  return query.where('appeal.status', '>=', status).where('appeal.status', '<=', status).orderBy('appeal.status') as Q;
}

/**
 * A queue's page. The page's ids are chosen from the appeal rows alone, then the rows are read and
 * joined: a join in the same query lets a planner with statistics start from the small table and
 * sort every row. Choosing ids only lets the queue indexes (which end in the id) answer by
 * themselves: page 100 of 全部 skipped 990 table rows to show ten (PostgreSQL: 1,021 buffers, 0.8
 * ms warm) and now skips 990 index entries (22 buffers, 0.11 ms); then ten rows are read by id.
 */
export function workOrderPageQuery(db: Db, q: WorkOrderQuery, scope: Scope, b: DeadlineBounds) {
  if (q.sortBy) return sortedPageQuery(db, q, scope, b, q.sortBy);
  const owed = Boolean(q.overdue || q.dueSoon);
  const byStatus = q.status && !owed && !q.departmentId && scope.departmentId === undefined ? q.status : null;
  const rows = filtered(db, byStatus ? { ...q, status: undefined } : q, scope, b).select('appeal.id');
  const page = inQueueOrder(byStatus ? ofOneStatus(rows, byStatus) : rows, owed).limit(q.pageSize).offset(offsetOf(q));
  return inQueueOrder(rowsOfPage(db, page), owed);
}

/** The list's columns for the ids of one page, chosen first by the caller's order. */
function rowsOfPage(db: Db, page: SelectQueryBuilder<any, any, { id: number }>) {
  return (
    db
      .selectFrom(page.as('page'))
      // CROSS JOIN: SQLite then keeps the written order, the page outside. As an inner join it would
      // rather walk every appeal in queue order (the order asked for below) and probe the page.
      .crossJoin('appeal')
      .whereRef('appeal.id', '=', 'page.id')
      .innerJoin('enterprise', 'enterprise.id', 'appeal.enterpriseId')
      .leftJoin('department', 'department.id', 'appeal.departmentId')
      .select(itemColumns)
  );
}

const SORT_COLUMNS = { id: 'appeal.id', createdAt: 'appeal.createdAt', dueAt: 'appeal.dueAt' } as const;

/**
 * A page sorted by the column the person chose (docs/console.md "Tables"): the same choose-ids-then-
 * join as the queue order, read off the (created_at, id) index of migration 0075 or the (due_at, id)
 * index of migration 0009.
 */
function sortedPageQuery(db: Db, q: WorkOrderQuery, scope: Scope, b: DeadlineBounds, key: keyof typeof SORT_COLUMNS) {
  const inOrder = <Q extends SelectQueryBuilder<any, any, any>>(query: Q) => orderByColumn(query, SORT_COLUMNS[key], q.sortOrder, 'appeal.id', key === 'dueAt');
  const page = inOrder(filtered(db, q, scope, b).select('appeal.id')).limit(q.pageSize).offset(offsetOf(q));
  return inOrder(rowsOfPage(db, page));
}

export const workOrderPage = (db: Db, q: WorkOrderQuery, scope: Scope, b: DeadlineBounds) => workOrderPageQuery(db, q, scope, b).execute();

/** A queue's total, counted to LIST_COUNT_CAP at most (the page then says 超过 10,000 条); `exact`: see listTotal. */
export function workOrderTotal(db: Db, q: WorkOrderQuery, scope: Scope, b: DeadlineBounds, exact: boolean) {
  return listTotal(db, filtered(db, q, scope, b), exact);
}
export type WorkOrderRow = Awaited<ReturnType<typeof workOrderPage>>[number];

/** One work order with what staff need around it: enterprise, the filing account's mobile, the department. */
export async function findWorkOrder(db: Db, id: number) {
  return db
    .selectFrom('appeal')
    .innerJoin('enterprise', 'enterprise.id', 'appeal.enterpriseId')
    .innerJoin('userAccount', 'userAccount.id', 'appeal.userId')
    .leftJoin('department', 'department.id', 'appeal.departmentId')
    .selectAll('appeal')
    .select(['enterprise.name as enterpriseName', 'userAccount.phone as applicantPhone', 'department.name as departmentName'])
    .where('appeal.id', '=', id)
    .executeTakeFirst();
}
export type WorkOrderFull = NonNullable<Awaited<ReturnType<typeof findWorkOrder>>>;

export async function workOrderTitles(db: Db, ids: readonly number[], scope: Scope) {
  let q = db.selectFrom('appeal').select(['id', 'title']).where('id', 'in', ids).where('status', '<>', 'withdrawn');
  if (scope.departmentId !== undefined) q = q.where('departmentId', '=', scope.departmentId);
  return q.execute();
}

export async function findDepartment(db: Db, id: number) {
  return db.selectFrom('department').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** A timeline row that changes no state (an internal note). */
export async function insertTimeline(db: Db, appealId: number, event: NewTimeline): Promise<void> {
  await db.insertInto('appealTimeline').values({ ...event, appealId }).execute();
}
