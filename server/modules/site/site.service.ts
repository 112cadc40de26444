import type { PlatformInfo } from '#contract/platform.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import type { Deps } from '#server/deps.ts';
// The setting table is the setting domain's; the site keeps its cache_version there.
import { getSetting, incrementSetting } from '../setting/setting.repository.ts';

const CACHE_VERSION = 'cache_version';
/** The page cache asks on every request; another instance's bump shows here within this time. */
const MEMO_MS = 2_000;

export function createSiteService({ config, db, kv }: Deps) {
  let memo: { value: string; until: number } | null = null;

  async function cacheVersion(): Promise<string> {
    if (memo && memo.until > Date.now()) return memo.value;
    const value = (await getSetting(db, CACHE_VERSION)) ?? '1';
    memo = { value, until: Date.now() + MEMO_MS };
    return value;
  }

  return {
    async info(): Promise<PlatformInfo> {
      return { name: config.site.platformName, cache_version: await cacheVersion() };
    },

    cacheVersion,

    /**
     * Clients keep dictionaries and menus until cache_version changes; pages show them too, so
     * cached pages go as well.
     */
    async bumpCacheVersion(): Promise<void> {
      await incrementSetting(db, CACHE_VERSION, new Date().toISOString());
      memo = null;
      await bumpContentVersion(kv);
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
