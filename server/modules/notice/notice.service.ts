import type { Notice, NoticeListItem, NoticeListQuery } from '#contract/notice.ts';
import type { Page } from '#contract/paging.ts';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { notFound } from '#server/platform/http/errors.ts';
import { sanitizeRichText } from '#server/platform/http/html.ts';
import { parseFiles } from '#server/platform/http/json.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import { offsetOf, toPage } from '#server/platform/http/paging.ts';
import { ViewCounter } from '#server/platform/page-cache/view-counter.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './notice.repository.ts';

function toListItem(row: repo.NoticeListRow): NoticeListItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    source: row.source,
    publishAt: row.publishAt,
    isTop: row.isTop === 1,
    viewCount: row.viewCount,
  };
}

export function createNoticeService({ db, kv, log }: Deps) {
  // As for policies: a count or keyword scan over 100,000 notices costs tens of milliseconds and
  // notices change a few times a day, so answers are kept 30 s under the content version (a
  // write bumps it); 30 s bounds how late a scheduled notice appears.
  const lists = new ListCache(500, 30_000);
  const details = new ListCache(1000, 30_000);
  const views = new ViewCounter(
    (counts) => repo.addNoticeViews(db, counts),
    (err) => log.error({ err }, 'notice view counts not saved'),
  );

  const count = (version: string, keyword: string | undefined, now: string) =>
    lists.get(JSON.stringify([version, 'count', keyword]), () => repo.countNotices(db, { keyword }, now));

  return {
    async list(q: NoticeListQuery): Promise<Page<NoticeListItem>> {
      const now = new Date().toISOString();
      const version = await contentVersion(kv);
      const total = await count(version, q.keyword, now);
      const key = JSON.stringify([version, 'page', q.keyword, q.currentPage, q.pageSize]);
      const records = offsetOf(q) < total ? await lists.get(key, () => repo.listNoticePage(db, q, now)) : [];
      return toPage(records.map(toListItem), total, q);
    },

    /** One published notice; counts the view (written in batches). */
    async detail(id: number): Promise<Notice> {
      const key = JSON.stringify([await contentVersion(kv), id]);
      const entry = await details.get(key, async () => {
        const row = await repo.findPublishedNotice(db, id, new Date().toISOString());
        if (!row) throw notFound('该通知公告不存在或已撤回');
        const notice: Notice = { ...toListItem(row), content: sanitizeRichText(row.content, { headingsFrom: 2 }), attachments: parseFiles(row.attachments) };
        return { notice, served: 0 };
      });
      entry.served += 1;
      views.add(id);
      return { ...entry.notice, viewCount: entry.notice.viewCount + entry.served };
    },

    /** Writes the buffered view counts now. */
    flushViews: () => views.flush(),
    /** Stops the view-count timer after a last write (the app's onClose). */
    close: () => views.close(),

    /** Published notices, for the home figures. */
    count: async () => count(await contentVersion(kv), undefined, new Date().toISOString()),
  };
}
