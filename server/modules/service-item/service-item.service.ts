import type { SortOrder } from '#contract/console-list.ts';
import type { Page } from '#contract/paging.ts';
import type { ServiceItem, ServiceItemConsoleQuery, ServiceItemConsoleRow, ServiceItemSave } from '#contract/service-item.ts';
import { conflict, notFound } from '#server/platform/http/errors.ts';
import { toPage } from '#server/platform/http/paging.ts';
import { bumpContentVersion, contentVersion } from '#server/platform/page-cache/content-version.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './service-item.repository.ts';
import { reindexRecords } from '../search/search.indexer.ts';

/** The quick links change with a new service, rarely; the home page reads them on every visit. */
const TTL_MS = 60_000;
const GONE = '该服务事项不存在或已删除';

export function createServiceItemService({ db, kv }: Deps) {
  const lists = new ListCache(2, TTL_MS);
  /** The home page is cached and the list is kept under the content version: a bump shows a change at once. */
  const changed = () => bumpContentVersion(kv);
  const toRow = (r: NonNullable<Awaited<ReturnType<typeof repo.findItem>>>): ServiceItemConsoleRow => ({ ...r, enabled: r.enabled === 1 });

  return {
    /** The enabled quick links in their order, kept a minute under the content version. */
    list: async (): Promise<ServiceItem[]> => lists.get(await contentVersion(kv), () => repo.listEnabledItems(db)),

    /** The console's list: stopped items too, with their order and state. */
    async consoleList(q: ServiceItemConsoleQuery): Promise<Page<ServiceItemConsoleRow>> {
      const { records, total } = await repo.listConsoleItems(db, q);
      return toPage(records.map(toRow), total, q);
    },

    async save({ id, ...values }: ServiceItemSave): Promise<{ id: number }> {
      if (id === null) {
        const created = await repo.insertItem(db, values);
        await reindexRecords(db, 'service', [created]);
        await changed();
        return { id: created };
      }
      if (!(await repo.findItem(db, id))) throw notFound(GONE);
      await repo.updateItem(db, id, values);
      await reindexRecords(db, 'service', [id]);
      await changed();
      return { id };
    },

    async setEnabled(id: number, enabled: boolean): Promise<{ id: number }> {
      if (!(await repo.setItemEnabled(db, id, enabled))) {
        if (!(await repo.findItem(db, id))) throw notFound(GONE);
        throw conflict(enabled ? '该服务事项已是启用状态，无需再次启用' : '该服务事项已停用，无需再次停用');
      }
      await reindexRecords(db, 'service', [id]);
      await changed();
      return { id };
    },

    async sort({ items }: SortOrder): Promise<{ count: number }> {
      const missing = await repo.updateItemSorts(db, items);
      if (missing.length) throw notFound(`服务事项 ${missing.join('、')} 不存在或已删除，请刷新后重新排序`);
      await changed();
      return { count: items.length };
    },
  };
}
