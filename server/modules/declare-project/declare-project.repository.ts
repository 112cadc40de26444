import { sql, type Selectable } from 'kysely';
import type { DeclareProjectConsoleQuery, ProjectListQuery } from '#contract/declare-project.ts';
import type { Db } from '#server/db/database.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';
import type { DeclareMaterialTable, DeclareProjectTable } from './declare-project.table.ts';

export type ProjectRow = Selectable<DeclareProjectTable>;
export type MaterialRow = Selectable<DeclareMaterialTable>;

const listColumns = ['id', 'name', 'category', 'department', 'policyId', 'amountMin', 'amountMax', 'applyStart', 'applyEnd'] as const;
export type ProjectListRow = Pick<ProjectRow, (typeof listColumns)[number]>;

function matching(db: Db, q: ProjectListQuery, now: string) {
  let query = db.selectFrom('declareProject').where('enabled', '=', 1);
  if (q.category) query = query.where('category', '=', q.category);
  if (q.keyword) query = query.where(contains('name', q.keyword));
  if (q.status === 'not_started') query = query.where('applyStart', '>', now);
  if (q.status === 'closed') query = query.where('applyEnd', '<', now);
  if (q.status === 'open') query = query.where('applyStart', '<=', now).where('applyEnd', '>=', now);
  return query;
}

/** Open projects first (closing soonest first), then upcoming, then closed (latest first). */
export async function listProjects(db: Db, q: ProjectListQuery, now: string) {
  const phase = sql<number>`case when apply_start > ${now} then 1 when apply_end < ${now} then 2 else 0 end`;
  const [records, { total }] = await Promise.all([
    matching(db, q, now)
      .select(listColumns)
      .orderBy(phase)
      .orderBy(sql`case when apply_end < ${now} then null else apply_end end`)
      .orderBy('applyEnd', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    matching(db, q, now).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export async function findProject(db: Db, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('declareProject').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listMaterials(db: Db, projectId: number): Promise<MaterialRow[]> {
  return db.selectFrom('declareMaterial').selectAll().where('projectId', '=', projectId).orderBy('sort').orderBy('id').execute();
}

// ---- console --------------------------------------------------------------------------------------

function consoleMatching(db: Db, q: DeclareProjectConsoleQuery) {
  let query = db.selectFrom('declareProject as p');
  if (q.status) query = query.where('p.enabled', '=', q.status === 'enabled' ? 1 : 0);
  if (q.keyword) query = query.where(contains('p.name', q.keyword));
  return query;
}

/** Every project, unpublished ones too, newest first, with how many declarations refer to it. */
export async function listConsoleProjects(db: Db, q: DeclareProjectConsoleQuery) {
  const [records, { total }] = await Promise.all([
    consoleMatching(db, q)
      .selectAll('p')
      .select((eb) => eb.selectFrom('declareEnt as d').whereRef('d.projectId', '=', 'p.id').select((e) => e.fn.countAll<number>().as('n')).as('declarations'))
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    consoleMatching(db, q).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export async function listMaterialsOf(db: Db, projectIds: number[]): Promise<MaterialRow[]> {
  if (!projectIds.length) return [];
  return db.selectFrom('declareMaterial').selectAll().where('projectId', 'in', projectIds).orderBy('sort').orderBy('id').execute();
}

export async function countDeclarations(db: Db, projectId: number): Promise<number> {
  const { n } = await db.selectFrom('declareEnt').select((eb) => eb.fn.countAll<number>().as('n')).where('projectId', '=', projectId).executeTakeFirstOrThrow();
  return Number(n);
}

export const policyExists = async (db: Db, id: number) => !!(await db.selectFrom('policy').select('id').where('id', '=', id).executeTakeFirst());

export type ProjectValues = Pick<ProjectRow, 'name' | 'category' | 'department' | 'policyId' | 'amountMin' | 'amountMax' | 'conditions' | 'content' | 'applyStart' | 'applyEnd'> & { rules?: string | null };
export type MaterialValues = Pick<MaterialRow, 'name' | 'required' | 'templateType' | 'templateName' | 'templatePath'> & { id: number | null };

/**
 * The project and its materials in one transaction: lines with an id are changed, new ones added
 * (in the order given), lines no longer listed removed. Returns the project's id.
 */
export async function saveProject(db: Db, id: number | null, v: ProjectValues, materials: MaterialValues[]): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const stamp = new Date().toISOString();
    let projectId = id;
    if (projectId === null) {
      // A new project stays off the public list until it is published.
      ({ id: projectId } = await tx.insertInto('declareProject').values({ ...v, enabled: 0, createdAt: stamp, updatedAt: stamp }).returning('id').executeTakeFirstOrThrow());
    } else {
      await tx.updateTable('declareProject').set({ ...v, updatedAt: stamp }).where('id', '=', projectId).execute();
    }
    const kept = materials.flatMap((m) => (m.id === null ? [] : [m.id]));
    let removal = tx.deleteFrom('declareMaterial').where('projectId', '=', projectId);
    if (kept.length) removal = removal.where('id', 'not in', kept);
    await removal.execute();
    for (const [sort, { id: materialId, ...m }] of materials.entries()) {
      if (materialId === null) await tx.insertInto('declareMaterial').values({ ...m, projectId, sort }).execute();
      else await tx.updateTable('declareMaterial').set({ ...m, sort }).where('id', '=', materialId).where('projectId', '=', projectId).execute();
    }
    return projectId;
  });
}
