import type { Insertable, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { ContentKind, ContentListQuery, ContentStatus } from '#contract/publishing.ts';
import type { Db } from '#server/db/database.ts';
import { contains, listTotal, offsetOf } from '#server/platform/http/paging.ts';
import { orderByColumn } from '#server/platform/http/sorting.ts';
import type { NoticeTable } from '../notice/notice.table.ts';
import type { PolicyTable } from '../policy/policy.table.ts';

/**
 * The console's reads and writes of notices and policies. Both tables carry the same review
 * columns (migration 0010) with the same types, so the queries on those columns are written once
 * against `notice` and run on either table: the table name is the only difference.
 */
type Table = 'notice';
const table = (kind: ContentKind) => kind as Table;

export type ReviewRow = Selectable<NoticeTable> & Partial<Selectable<PolicyTable>>;
export type NoticeInsert = Insertable<NoticeTable>;
export type PolicyInsert = Insertable<PolicyTable>;
export type ContentChanges = Updateable<NoticeTable> | Updateable<PolicyTable>;

function filtered(db: Db, kind: ContentKind, q: Pick<ContentListQuery, 'status' | 'keyword' | 'returned'>) {
  let query = db.selectFrom(table(kind));
  if (q.status) query = query.where('status', '=', q.status);
  if (q.returned) query = query.where('status', '=', 'draft').where('rejectReason', 'is not', null);
  if (q.keyword) query = query.where(contains('title', q.keyword));
  return query;
}

/**
 * Newest change first; id breaks ties so that paging is stable. The page's ids are found first in
 * the `(updated_at, id)` or `(status, updated_at, id)` index of migration 0010 alone (an index-only
 * scan: a deep page skips index entries, not rows), then only those rows are read (page 1,000 of
 * 100,000 notices on PostgreSQL: 14 ms → 2 ms).
 */
export async function listForConsole(db: Db, kind: ContentKind, q: ContentListQuery): Promise<ConsoleListRow[]> {
  // A column the person chose (docs/console.md "Tables"); publish_at has its (publish_at, id) index from migration 0075.
  const inOrder = <Q extends SelectQueryBuilder<any, any, any>>(query: Q) => orderByColumn(query, q.sortBy ?? 'updatedAt', q.sortBy ? q.sortOrder : 'desc', 'id');
  const ids = inOrder(filtered(db, kind, q).select('id')).limit(q.pageSize).offset(offsetOf(q));
  const page = await inOrder(
    db
      .selectFrom(table(kind))
      .select(['id', 'title', 'status', 'publishAt', 'scheduleAt', 'updatedAt', 'updatedBy', 'rejectReason', 'offlineReason'])
      .$if(kind === 'notice', (b) => b.select('isTop'))
      .where('id', 'in', ids),
  ).execute();
  const names = await staffNames(db, page.map((r) => r.updatedBy));
  return page.map((r) => ({ ...r, updatedByName: r.updatedBy === null ? null : (names.get(r.updatedBy) ?? null) }));
}

export interface ConsoleListRow {
  id: number;
  title: string;
  status: ContentStatus;
  publishAt: string;
  scheduleAt: string | null;
  isTop?: number;
  updatedAt: string;
  rejectReason: string | null;
  offlineReason: string | null;
  updatedByName: string | null;
}

/** Counted to LIST_COUNT_CAP through the same index as the page: a count of 100,000 rows was a full scan on PostgreSQL. */
export function countForConsole(db: Db, kind: ContentKind, q: Pick<ContentListQuery, 'status' | 'keyword' | 'returned'>): Promise<{ total: number; capped: boolean }> {
  return listTotal(db, filtered(db, kind, q));
}

export async function findForConsole(db: Db, kind: ContentKind, id: number): Promise<ReviewRow | undefined> {
  return (await db.selectFrom(table(kind)).selectAll().where('id', '=', id).executeTakeFirst()) as ReviewRow | undefined;
}

export async function staffNames(db: Db, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('staffAccount').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertNotice(db: Db, values: NoticeInsert): Promise<number> {
  const { id } = await db.insertInto('notice').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertPolicy(db: Db, values: PolicyInsert): Promise<number> {
  const { id } = await db.insertInto('policy').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Compare-and-set: changes the row only while its status is one of `from`. Answers whether it
 * did, so that of two concurrent clicks exactly one wins.
 */
export async function updateIfStatus(db: Db, kind: ContentKind, id: number, from: readonly ContentStatus[], changes: ContentChanges): Promise<boolean> {
  const result = await db
    .updateTable(table(kind))
    .set(changes as Updateable<NoticeTable>)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The last published version of a row, as stored by saveCopy; undefined when none was kept. */
export async function findCopy(db: Db, kind: ContentKind, id: number): Promise<string | undefined> {
  return (await db.selectFrom('publishedCopy').select('copy').where('kind', '=', kind).where('recordId', '=', id).executeTakeFirst())?.copy;
}

export async function saveCopy(db: Db, kind: ContentKind, id: number, copy: string, at: string): Promise<void> {
  await db
    .insertInto('publishedCopy')
    .values({ kind, recordId: id, copy, copiedAt: at })
    .onConflict((oc) => oc.columns(['kind', 'recordId']).doUpdateSet({ copy, copiedAt: at }))
    .execute();
}
