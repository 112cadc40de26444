import type { ServiceItem } from '#contract/service-item.ts';
import type { Deps } from '#server/services.ts';
import * as repo from './service-item.repository.ts';

export function createServiceItemService({ db }: Deps) {
  return {
    /** The enabled quick links in their order. */
    list: (): Promise<ServiceItem[]> => repo.listEnabledItems(db),
  };
}
