import type { WorkOrderQuery } from '#contract/appeal-work-order.ts';
import type { Db } from '#server/db/database.ts';
import { cappedCount, contains, offsetOf } from '#server/platform/http/paging.ts';
import type { NewTimeline } from './appeal.repository.ts';

/** The row scope of a staff member: a handler sees only the work orders of their department. */
export interface Scope {
  departmentId?: number;
}

/** Deadline bounds for the 超期 / 临期 filters, computed by the service from its clock. */
export interface Bounds {
  now: string;
  soonUntil: string;
}

/** The queue filters on the appeal row alone: the list joins what it shows, the dashboard counts without joins. */
function filtered(db: Db, q: Partial<WorkOrderQuery>, scope: Scope, b: Bounds) {
  // The enterprise withdrew these before anyone acted: not the bureau's work.
  let query = db.selectFrom('appeal').where('appeal.status', '<>', 'withdrawn');
  if (scope.departmentId !== undefined) query = query.where('appeal.departmentId', '=', scope.departmentId);
  if (q.status) query = query.where('appeal.status', '=', q.status);
  if (q.departmentId) query = query.where('appeal.departmentId', '=', q.departmentId);
  if (q.overdue) query = query.where('appeal.dueAt', '<', b.now);
  if (q.dueSoon) query = query.where('appeal.dueAt', '>=', b.now).where('appeal.dueAt', '<=', b.soonUntil);
  if (q.extensionRequested) query = query.where('appeal.extensionStatus', '=', 'requested');
  return query;
}

function workOrders(db: Db, q: WorkOrderQuery, scope: Scope, b: Bounds) {
  const query = filtered(db, q, scope, b)
    .innerJoin('enterprise', 'enterprise.id', 'appeal.enterpriseId')
    .leftJoin('department', 'department.id', 'appeal.departmentId');
  return q.keyword ? query.where((eb) => eb.or([contains('appeal.title', q.keyword!), contains('enterprise.name', q.keyword!)])) : query;
}

/**
 * How many work orders one queue holds (the dashboard), counting at most `cap` rows so that a
 * queue of tens of thousands costs no more than a full page. Every appeal has its enterprise, so
 * leaving out the list's joins changes no count.
 */
export async function countWorkOrders(db: Db, q: Partial<WorkOrderQuery>, scope: Scope, b: Bounds, cap: number): Promise<number> {
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

/** Queue order: what is owed soonest first (超期 at the top), then what is owed nothing, newest first. */
export async function listWorkOrders(db: Db, q: WorkOrderQuery, scope: Scope, b: Bounds) {
  const [records, { total }] = await Promise.all([
    workOrders(db, q, scope, b)
      .select(itemColumns)
      .orderBy((eb) => eb.case().when('appeal.dueAt', 'is', null).then(1).else(0).end())
      .orderBy('appeal.dueAt')
      .orderBy('appeal.createdAt', 'desc')
      .orderBy('appeal.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    workOrders(db, q, scope, b).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}
export type WorkOrderRow = Awaited<ReturnType<typeof listWorkOrders>>['records'][number];

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

export async function findDepartment(db: Db, id: number) {
  return db.selectFrom('department').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** A timeline row that changes no state (an internal note). */
export async function insertTimeline(db: Db, appealId: number, event: NewTimeline): Promise<void> {
  await db.insertInto('appealTimeline').values({ ...event, appealId }).execute();
}
