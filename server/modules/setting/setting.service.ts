import { SITE_SETTING_FIELDS, type SiteSettings } from '#contract/site-settings.ts';
import type { Deps } from '#server/deps.ts';
import type { SiteService } from '#server/modules/site/site.service.ts';
import * as repo from './setting.repository.ts';

/**
 * Site settings: the environment's values (config.site) overlaid with what staff saved. Every page
 * reads them, so they are kept per cache_version: a save bumps it (which also purges the page
 * cache), and every instance sees the new values within the 2 s cache_version memo.
 */
export function createSettingService({ config, db }: Deps, site: SiteService) {
  let memo: { version: string; site: SiteSettings } | null = null;

  function fromConfig(): SiteSettings {
    const { qrCodes, ...rest } = config.site;
    return { ...rest, footerText: '', qrCodes: qrCodes.map((q) => ({ ...q })) };
  }

  async function load(): Promise<SiteSettings> {
    const rows = await repo.readSiteRows(db);
    const site = fromConfig();
    for (const field of SITE_SETTING_FIELDS) {
      const v = rows.get(field);
      if (v !== undefined) site[field] = v;
    }
    site.qrCodes.forEach((q, i) => {
      q.label = rows.get(`qr${i + 1}Label`) ?? q.label;
      q.url = rows.get(`qr${i + 1}Url`) ?? q.url;
    });
    return site;
  }

  return {
    async site(): Promise<SiteSettings> {
      const version = await site.cacheVersion();
      if (memo?.version !== version) memo = { version, site: await load() };
      return memo.site;
    },

    async save(next: SiteSettings): Promise<SiteSettings> {
      const values: Record<string, string> = {};
      for (const field of SITE_SETTING_FIELDS) values[field] = next[field];
      next.qrCodes.forEach((q, i) => {
        values[`qr${i + 1}Label`] = q.label;
        values[`qr${i + 1}Url`] = q.url;
      });
      await repo.writeSiteRows(db, values);
      await site.bumpCacheVersion();
      memo = null;
      return this.site();
    },
  };
}

export type SettingService = ReturnType<typeof createSettingService>;
