import type { ServiceItem } from '#contract/service-item.ts';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './service-item.repository.ts';

/** The quick links change with a new service, rarely; the home page reads them on every visit. */
const TTL_MS = 60_000;

export function createServiceItemService({ db, kv }: Deps) {
  const lists = new ListCache(2, TTL_MS);
  return {
    /** The enabled quick links in their order, kept a minute under the content version. */
    list: async (): Promise<ServiceItem[]> => lists.get(await contentVersion(kv), () => repo.listEnabledItems(db)),
  };
}
