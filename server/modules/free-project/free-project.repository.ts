import type { Selectable } from 'kysely';
import type { FreeProjectListQuery } from '#contract/free-declare.ts';
import type { FreeProjectConsoleQuery, FreeProjectStatus } from '#contract/free-project.ts';
import type { Db } from '#server/db/database.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';
import type { FreeProjectTable } from './free-project.table.ts';

export type FreeProjectRow = Selectable<FreeProjectTable>;
const listColumns = ['id', 'name', 'category', 'department', 'policyId', 'amountMin', 'amountMax', 'publishAt'] as const;
export type FreeProjectListRow = Pick<FreeProjectRow, (typeof listColumns)[number]>;

function published(db: Db, q: { keyword?: string }, now: string) {
  let query = db.selectFrom('freeProject').where('status', '=', 'published').where('publishAt', '<=', now);
  if (q.keyword) query = query.where(contains('name', q.keyword));
  return query;
}

/** Newest first; id breaks ties so that paging is stable. */
export async function listFreeProjects(db: Db, q: FreeProjectListQuery, now: string) {
  const [records, { total }] = await Promise.all([
    published(db, q, now).select(listColumns).orderBy('publishAt', 'desc').orderBy('id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute(),
    published(db, q, now).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export async function findFreeProject(db: Db, id: number, now: string): Promise<FreeProjectRow | undefined> {
  return published(db, {}, now).selectAll().where('id', '=', id).executeTakeFirst();
}

// ---- console --------------------------------------------------------------------------------------

function matching(db: Db, q: FreeProjectConsoleQuery) {
  let query = db.selectFrom('freeProject as p');
  if (q.status) query = query.where('p.status', '=', q.status);
  if (q.keyword) query = query.where(contains('p.name', q.keyword));
  return query;
}

/** Every project, drafts and closed ones too, newest first, with the size of its eligibility list. */
export async function listConsoleProjects(db: Db, q: FreeProjectConsoleQuery) {
  const [records, { total }] = await Promise.all([
    matching(db, q)
      .selectAll('p')
      .select((eb) => eb.selectFrom('freeDeclareEnt as r').whereRef('r.freeProjectId', '=', 'p.id').select((e) => e.fn.countAll<number>().as('n')).as('rows'))
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    matching(db, q).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export const findAny = (db: Db, id: number) => db.selectFrom('freeProject').select(['id', 'status']).where('id', '=', id).executeTakeFirst();

/** The rich text of a project and its state (its files are published with it). */
export const findContent = (db: Db, id: number) => db.selectFrom('freeProject').select(['status', 'conditions', 'content']).where('id', '=', id).executeTakeFirst();

type Values = Pick<FreeProjectRow, 'name' | 'category' | 'department' | 'policyId' | 'amountMin' | 'amountMax' | 'conditions' | 'content'> & { rules?: string | null };

/** A new draft; its publishAt holds the creation time until it is published. */
export async function insertDraft(db: Db, v: Values): Promise<number> {
  const stamp = new Date().toISOString();
  const { id } = await db
    .insertInto('freeProject')
    .values({ ...v, status: 'draft', publishAt: stamp, createdAt: stamp, updatedAt: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Compare-and-set: changes the project only while it is in one of `states`. */
export async function updateIn(db: Db, id: number, states: readonly FreeProjectStatus[], v: Partial<Values> & { status?: FreeProjectStatus; publishAt?: string }): Promise<boolean> {
  const res = await db
    .updateTable('freeProject')
    .set({ ...v, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', 'in', states)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
