import { sql, type Selectable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { NoticeListQuery } from '#contract/notice.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';
import type { NoticeTable } from './notice.table.ts';

export type NoticeRow = Selectable<NoticeTable>;
const listColumns = ['id', 'title', 'summary', 'source', 'publishAt', 'isTop', 'viewCount'] as const;

function published(db: Db, q: { keyword?: string }, now: string) {
  let query = db.selectFrom('notice').where('status', '=', 'published').where('publishAt', '<=', now);
  if (q.keyword) query = query.where(contains('title', q.keyword));
  return query;
}

/** Pinned first, then newest; id breaks ties so that paging is stable. */
export function listNoticePage(db: Db, q: NoticeListQuery, now: string) {
  return published(db, q, now)
    .select(listColumns)
    .orderBy('isTop', 'desc')
    .orderBy('publishAt', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset(offsetOf(q))
    .execute();
}
export type NoticeListRow = Awaited<ReturnType<typeof listNoticePage>>[number];

export async function countNotices(db: Db, q: { keyword?: string }, now: string): Promise<number> {
  const { total } = await published(db, q, now).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

export async function findPublishedNotice(db: Db, id: number, now: string): Promise<NoticeRow | undefined> {
  return db
    .selectFrom('notice')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'published')
    .where('publishAt', '<=', now)
    .executeTakeFirst();
}

export async function addNoticeViews(db: Db, counts: Map<number, number>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [id, n] of counts) {
      await trx.updateTable('notice').set({ viewCount: sql`view_count + ${n}` }).where('id', '=', id).execute();
    }
  });
}
