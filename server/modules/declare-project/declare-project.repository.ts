import { sql, type Selectable } from 'kysely';
import type { ProjectListQuery } from '#contract/declare-project.ts';
import type { Db } from '#server/db/database.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';
import type { DeclareMaterialTable, DeclareProjectTable } from './declare-project.table.ts';

export type ProjectRow = Selectable<DeclareProjectTable>;
export type MaterialRow = Selectable<DeclareMaterialTable>;

const listColumns = ['id', 'name', 'category', 'department', 'policyId', 'amountMin', 'amountMax', 'applyStart', 'applyEnd'] as const;
export type ProjectListRow = Pick<ProjectRow, (typeof listColumns)[number]>;

function matching(db: Db, q: ProjectListQuery, now: string) {
  let query = db.selectFrom('declareProject');
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
