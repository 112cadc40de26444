import { sql } from 'kysely';
import type { ReviewQuery } from '#contract/declare-review.ts';
import type { Db } from '#server/db/database.ts';
import { cappedCount, contains, offsetOf } from '#server/platform/http/paging.ts';

/** Deadline bounds for the 超期 / 临期 filters, computed by the service from its clock. */
export interface Bounds {
  now: string;
  soonUntil: string;
}

/** The bureau's declarations: every one the enterprise has sent at least once (drafts are the enterprise's own). */
function declarations(db: Db) {
  return db
    .selectFrom('declareEnt as d')
    .innerJoin('declareProject as p', 'p.id', 'd.projectId')
    .innerJoin('enterprise as e', 'e.id', 'd.enterpriseId')
    .where('d.status', '<>', 'draft');
}

function queue(db: Db, q: ReviewQuery, b: Bounds) {
  let query = declarations(db);
  if (q.projectId) query = query.where('d.projectId', '=', q.projectId);
  if (q.status) query = query.where('d.status', '=', q.status);
  if (q.overdue) query = query.where('d.status', '=', 'submitted').where('d.reviewDueAt', '<', b.now);
  if (q.dueSoon) query = query.where('d.status', '=', 'submitted').where('d.reviewDueAt', '>=', b.now).where('d.reviewDueAt', '<=', b.soonUntil);
  if (q.keyword) query = query.where((eb) => eb.or([contains('e.name', q.keyword!), contains('d.enterpriseName', q.keyword!), contains('d.uscc', q.keyword!)]));
  return query;
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

/** Queue order: waiting reviews first, the one due soonest at the top; then the rest, latest change first. */
export async function listQueue(db: Db, q: ReviewQuery, b: Bounds) {
  const [records, { total }] = await Promise.all([
    queue(db, q, b)
      .select(itemColumns)
      .orderBy(sql`case when d.status = 'submitted' then 0 else 1 end`)
      .orderBy('d.reviewDueAt')
      .orderBy('d.updatedAt', 'desc')
      .orderBy('d.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    queue(db, q, b).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}
export type QueueRow = Awaited<ReturnType<typeof listQueue>>['records'][number];

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

/** Every project with its declarations counted by what waits: the reviewer's way into the queues. */
export async function listProjectQueues(db: Db, now: string) {
  const rows = await db
    .selectFrom('declareProject as p')
    .leftJoin('declareEnt as d', (j) => j.onRef('d.projectId', '=', 'p.id').on('d.status', '<>', 'draft'))
    .select((eb) => [
      'p.id',
      'p.name',
      'p.applyStart',
      'p.applyEnd',
      'p.amountMax',
      eb.fn.count<number>('d.id').as('total'),
      eb.fn.count<number>(eb.case().when('d.status', '=', 'submitted').then(1).end()).as('submitted'),
      eb.fn.count<number>(eb.case().when(eb.and([eb('d.status', '=', 'submitted'), eb('d.reviewDueAt', '<', now)])).then(1).end()).as('overdue'),
      eb.fn.count<number>(eb.case().when('d.status', '=', 'approved').then(1).end()).as('approved'),
    ])
    .groupBy(['p.id', 'p.name', 'p.applyStart', 'p.applyEnd', 'p.amountMax'])
    .orderBy('p.applyEnd', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total), submitted: Number(r.submitted), overdue: Number(r.overdue), approved: Number(r.approved) }));
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

/** The dashboard's figures: declarations waiting for review, and those past their review deadline (index declare_ent_due_idx). */
export async function countWaiting(db: Db, now: string, cap: number) {
  const waiting = db.selectFrom('declareEnt').select('id').where('status', '=', 'submitted');
  const [all, overdue] = await Promise.all([cappedCount(db, waiting, cap), cappedCount(db, waiting.where('reviewDueAt', '<', now), cap)]);
  return { waiting: all, overdue };
}
