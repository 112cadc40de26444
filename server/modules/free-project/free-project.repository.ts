import type { Selectable } from 'kysely';
import type { FreeProjectListQuery } from '#contract/free-declare.ts';
import type { Db } from '#server/db/database.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';
import type { FreeProjectTable } from './free-project.table.ts';

export type FreeProjectRow = Selectable<FreeProjectTable>;
const listColumns = ['id', 'name', 'category', 'department', 'policyId', 'amountMin', 'amountMax', 'publishAt'] as const;
export type FreeProjectListRow = Pick<FreeProjectRow, (typeof listColumns)[number]>;

function published(db: Db, q: { keyword?: string }, now: string) {
  let query = db.selectFrom('freeProject').where('publishAt', '<=', now);
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
  return db.selectFrom('freeProject').selectAll().where('id', '=', id).where('publishAt', '<=', now).executeTakeFirst();
}
