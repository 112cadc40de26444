import { sql, type Selectable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { PolicyListQuery } from '#contract/policy.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';
import type { PolicyTable } from './policy.table.ts';

export type PolicyRow = Selectable<PolicyTable>;
const listColumns = ['id', 'title', 'docNo', 'issuer', 'level', 'category', 'publishAt', 'effectiveFrom', 'effectiveTo', 'viewCount'] as const;
export type PolicyListRow = Pick<PolicyRow, (typeof listColumns)[number]>;

type Filter = Partial<Pick<PolicyListQuery, 'keyword' | 'level' | 'category'>>;

function published(db: Db, q: Filter, now: string) {
  let query = db.selectFrom('policy').where('status', '=', 'published').where('publishAt', '<=', now);
  if (q.level) query = query.where('level', '=', q.level);
  if (q.category) query = query.where('category', '=', q.category);
  const { keyword } = q;
  if (keyword) query = query.where((eb) => eb.or([contains('title', keyword), contains('docNo', keyword)]));
  return query;
}

/**
 * One page, newest first, id breaking ties so that paging is stable. The page's ids come from the
 * index alone (a deep page skips index entries, not table rows); only those rows are then read.
 */
export async function listPolicyPage(db: Db, q: PolicyListQuery, now: string): Promise<PolicyListRow[]> {
  const ids = await published(db, q, now)
    .select('id')
    .orderBy('publishAt', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset(offsetOf(q))
    .execute();
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('policy')
    .select(listColumns)
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((r) => byId.get(r.id) ?? []);
}

export async function countPolicies(db: Db, q: Filter, now: string): Promise<number> {
  const { n } = await published(db, q, now).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

export async function findPublishedPolicy(db: Db, id: number, now: string): Promise<PolicyRow | undefined> {
  return db
    .selectFrom('policy')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'published')
    .where('publishAt', '<=', now)
    .executeTakeFirst();
}

/** Adds buffered view counts, one statement per policy, in one transaction. */
export async function addPolicyViews(db: Db, counts: Map<number, number>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [id, n] of counts) {
      await trx.updateTable('policy').set({ viewCount: sql`view_count + ${n}` }).where('id', '=', id).execute();
    }
  });
}
