import type { Insertable, Updateable } from 'kysely';
import type { ConsoleProclamationQuery, ObjectionQuery } from '#contract/proclamation.console.ts';
import type { Db } from '#server/db/database.ts';
import { cappedCount, offsetOf } from '#server/platform/http/paging.ts';
import type { ProclamationObjectionTable, ProclamationTable } from './proclamation.table.ts';

function proclamations(db: Db, q: Partial<Pick<ConsoleProclamationQuery, 'projectId' | 'status' | 'windowOver'>>, now = new Date().toISOString()) {
  let query = db
    .selectFrom('proclamation as c')
    .innerJoin('declareProject as p', 'p.id', 'c.projectId')
    // Objections still waiting for an answer, per 公示.
    .select((eb) =>
      eb
        .selectFrom('proclamationObjection as o')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('o.proclamationId', '=', 'c.id')
        .where('o.status', '=', 'received')
        .as('pendingObjections'),
    );
  if (q.projectId) query = query.where('c.projectId', '=', q.projectId);
  if (q.status) query = query.where('c.status', '=', q.status);
  if (q.windowOver) query = query.where('c.status', '=', 'published').where('c.objectionEndAt', '<', now);
  return query;
}

const columns = ['c.id', 'c.projectId', 'p.name as projectName', 'c.title', 'c.status', 'c.publishAt', 'c.objectionEndAt', 'c.enterprises', 'c.createdAt', 'c.updatedAt'] as const;

/**
 * The list's order, for its pages and for 下一条 alike: newest first, by when each was made, so a
 * step (发布, 结束) leaves a row where it stood and the one after it is still the one after it.
 */
const inListOrder = (db: Db, q: ConsoleProclamationQuery) => proclamations(db, q).orderBy('c.id', 'desc');

export async function listProclamations(db: Db, q: ConsoleProclamationQuery) {
  const [records, { total }] = await Promise.all([
    inListOrder(db, q)
      .select(columns)
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    proclamations(db, q)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

/** The id at place `at` (from 0) of the list of these filters, in the list's order. */
export async function proclamationIdAt(db: Db, q: ConsoleProclamationQuery, at: number) {
  const row = await inListOrder(db, q).select('c.id').limit(1).offset(at).executeTakeFirst();
  return row?.id ?? null;
}

export type ProclamationRow = Awaited<ReturnType<typeof listProclamations>>['records'][number];

export async function findProclamation(db: Db, id: number) {
  return proclamations(db, {})
    .select([...columns, 'c.content', 'c.revokeReason', 'c.closedAt'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}
export type ProclamationFull = NonNullable<Awaited<ReturnType<typeof findProclamation>>>;

/** A project's 公示 that is a draft or published, if any. */
export async function findLiveOfProject(db: Db, projectId: number) {
  return db.selectFrom('proclamation').select(['id', 'status']).where('projectId', '=', projectId).where('status', 'in', ['draft', 'published']).executeTakeFirst();
}

/** The approved declarations of a project, as the list will name them. */
export async function listApproved(db: Db, projectId: number) {
  return db
    .selectFrom('declareEnt as d')
    .innerJoin('enterprise as e', 'e.id', 'd.enterpriseId')
    .select(['d.id', 'e.name as enterpriseName', 'd.amountApproved'])
    .where('d.projectId', '=', projectId)
    .where('d.status', '=', 'approved')
    .orderBy('d.reviewedAt')
    .orderBy('d.id')
    .execute();
}

export async function findProject(db: Db, id: number) {
  return db.selectFrom('declareProject').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function insertProclamation(db: Db, row: Insertable<ProclamationTable>): Promise<number> {
  const { id } = await db.insertInto('proclamation').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Compare-and-set on state and on the row as it was read: a double click acts once. */
export async function updateProclamationIf(db: Db, id: number, from: readonly string[], unchangedSince: string, patch: Updateable<ProclamationTable>): Promise<boolean> {
  const r = await db.updateTable('proclamation').set(patch).where('id', '=', id).where('status', 'in', from).where('updatedAt', '=', unchangedSince).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

function objections(db: Db) {
  return db
    .selectFrom('proclamationObjection as o')
    .innerJoin('proclamation as c', 'c.id', 'o.proclamationId')
    .innerJoin('enterprise as e', 'e.id', 'o.enterpriseId');
}

const objectionColumns = [
  'o.id',
  'o.receiptNo',
  'o.proclamationId',
  'c.title as proclamationTitle',
  'c.projectId',
  'e.name as enterpriseName',
  'o.enterpriseId',
  'o.reason',
  'o.attachments',
  'o.status',
  'o.result',
  'o.reply',
  'o.answeredAt',
  'o.staffName',
  'o.dueAt',
  'o.createdAt',
] as const;

function objectionQuery(db: Db, q: ObjectionQuery, now: string) {
  let query = objections(db);
  if (q.proclamationId) query = query.where('o.proclamationId', '=', q.proclamationId);
  if (q.status) query = query.where('o.status', '=', q.status);
  if (q.overdue) query = query.where('o.status', '=', 'received').where('o.dueAt', '<', now);
  return query;
}

/** Waiting ones first, the reply due soonest at the top; then answered ones, latest first. */
export async function listObjections(db: Db, q: ObjectionQuery, now: string) {
  const [records, { total }] = await Promise.all([
    objectionQuery(db, q, now)
      .select(objectionColumns)
      .orderBy((eb) => eb.case().when('o.status', '=', 'received').then(0).else(1).end())
      .orderBy('o.dueAt')
      .orderBy('o.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    objectionQuery(db, q, now).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}
export type ObjectionRow = Awaited<ReturnType<typeof listObjections>>['records'][number];

export async function listObjectionsOf(db: Db, proclamationId: number) {
  return objections(db).select(objectionColumns).where('o.proclamationId', '=', proclamationId).orderBy('o.id').execute();
}

/** One objection with the objector's mobile (for the SMS of the answer). */
export async function findObjection(db: Db, id: number) {
  return objections(db)
    .innerJoin('userAccount as u', 'u.id', 'o.userId')
    .select([...objectionColumns, 'u.phone as objectorPhone'])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

/** Answers an objection still waiting; false when someone answered it meanwhile. */
export async function answerObjectionIf(db: Db, id: number, patch: Updateable<ProclamationObjectionTable>): Promise<boolean> {
  const r = await db.updateTable('proclamationObjection').set(patch).where('id', '=', id).where('status', '=', 'received').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The dashboard's figure of 公示 still 公示中 after their objection window (期满待结束). */
export async function countWindowOver(db: Db, now: string, cap: number) {
  return cappedCount(db, db.selectFrom('proclamation').select('id').where('status', '=', 'published').where('objectionEndAt', '<', now), cap);
}

/** The dashboard's figures: objections waiting for an answer, and those past their reply deadline. */
export async function countWaitingObjections(db: Db, now: string, cap: number) {
  const waiting = db.selectFrom('proclamationObjection').select('id').where('status', '=', 'received');
  const [all, overdue] = await Promise.all([cappedCount(db, waiting, cap), cappedCount(db, waiting.where('dueAt', '<', now), cap)]);
  return { waiting: all, overdue };
}
