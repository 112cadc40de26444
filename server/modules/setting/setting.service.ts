import { DEADLINE_SETTING_KEYS, DEFAULT_DEADLINES, deadlineSettingsSchema, type DeadlineSettings } from '#contract/deadline-settings.ts';
import { DEFAULT_FRESHNESS, FRESHNESS_SETTING_KEYS, freshnessSettingsSchema, type FreshnessSettings } from '#contract/freshness.ts';
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
  let deadlineMemo: { version: string; deadlines: DeadlineSettings } | null = null;

  /** The stored 办理时限 over the defaults; a stored value the rules no longer accept gives way to its default. */
  async function loadDeadlines(): Promise<DeadlineSettings> {
    const rows = await repo.readRows(db, 'deadline');
    const out = { ...DEFAULT_DEADLINES };
    for (const key of DEADLINE_SETTING_KEYS) {
      const stored = Number(rows.get(key));
      if (deadlineSettingsSchema.shape[key].safeParse(stored).success) out[key] = stored;
    }
    return out;
  }

  function fromConfig(): SiteSettings {
    const { qrCodes, ...rest } = config.site;
    return { ...rest, footerText: '', qrCodes: qrCodes.map((q) => ({ ...q })) };
  }

  async function load(): Promise<SiteSettings> {
    const rows = await repo.readRows(db, 'site');
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
      await repo.writeRows(db, 'site', values);
      await site.bumpCacheVersion();
      memo = null;
      return this.site();
    },

    /** 办理时限 in working days (docs/console.md "Declaration review"); kept per cache_version as the site settings are. */
    async deadlines(): Promise<DeadlineSettings> {
      const version = await site.cacheVersion();
      if (deadlineMemo?.version !== version) deadlineMemo = { version, deadlines: await loadDeadlines() };
      return deadlineMemo.deadlines;
    },

    /** 栏目更新期限 (contract/freshness.ts): read by the freshness table and its daily job, so no memo is needed. */
    async freshness(): Promise<FreshnessSettings> {
      const rows = await repo.readRows(db, 'freshness');
      const out = { ...DEFAULT_FRESHNESS };
      for (const key of FRESHNESS_SETTING_KEYS) {
        const stored = Number(rows.get(key));
        if (freshnessSettingsSchema.shape[key].safeParse(stored).success) out[key] = stored;
      }
      return out;
    },

    async saveFreshness(next: FreshnessSettings): Promise<FreshnessSettings> {
      await repo.writeRows(db, 'freshness', Object.fromEntries(FRESHNESS_SETTING_KEYS.map((k) => [k, String(next[k])])));
      return this.freshness();
    },

    /** Saves them; the 公示 pages quote the objection period, so the page cache goes too. */
    async saveDeadlines(next: DeadlineSettings): Promise<DeadlineSettings> {
      await repo.writeRows(db, 'deadline', Object.fromEntries(DEADLINE_SETTING_KEYS.map((k) => [k, String(next[k])])));
      await site.bumpCacheVersion();
      deadlineMemo = null;
      return this.deadlines();
    },
  };
}

export type SettingService = ReturnType<typeof createSettingService>;
