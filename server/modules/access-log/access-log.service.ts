import type { AccessLogInput, Visits } from '#contract/access-log.ts';
import { formatDate } from '#contract/format.ts';
import { matchMenu } from '#contract/menu.ts';
import { badRequest } from '#server/platform/http/errors.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './access-log.repository.ts';

export interface VisitMeta {
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
  at?: Date;
}

/** The path of a page address: '/notice/detail?id=1' or 'https://host/notice/detail?id=1'. */
function pathOf(url: string): string | null {
  try {
    const parsed = new URL(url, 'http://localhost');
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.pathname : null;
  } catch {
    return null;
  }
}

export function createAccessLogService({ db }: Deps) {
  return {
    /** Records a visit to a menu page (docs/product.md §2); any other address is refused, not recorded. */
    async add(input: AccessLogInput, meta: VisitMeta): Promise<void> {
      const path = pathOf(input.url);
      if (path === null) throw badRequest('页面地址 url 格式不正确', { url: '页面地址 url 格式不正确' });
      const menu = matchMenu(path);
      if (!menu) throw badRequest('只记录导航菜单页面的访问，该地址不属于任何菜单', { url: '该地址不属于任何菜单页面' });
      const at = meta.at ?? new Date();
      await repo.insertVisit(
        db,
        {
          source: input.source,
          name: input.name,
          // Whole characters: the column counts characters, and half an emoji is not one.
          url: Array.from(input.url).slice(0, 500).join(''),
          menu: menu.fullPath,
          userId: meta.userId,
          ip: meta.ip?.slice(0, 64) ?? null,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          createdAt: at.toISOString(),
        },
        formatDate(at),
      );
    },

    /** Visits today (the Asia/Shanghai calendar day) and in total, for the home figures. */
    async visits(now = new Date()): Promise<Visits> {
      const [visitsToday, visitsTotal] = await Promise.all([repo.visitsOn(db, formatDate(now)), repo.visitsTotal(db)]);
      return { visitsToday, visitsTotal };
    },
  };
}
