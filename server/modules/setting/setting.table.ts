import type { Generated } from 'kysely';

/**
 * Named values, one row each: what staff set in the console (`site.*`, `deadline.*`, `freshness.*`)
 * and the site's cache_version, which the site service counts up.
 */
export interface SettingTable {
  key: string;
  value: string;
  updatedAt: Generated<string>;
}

export interface SettingTables {
  setting: SettingTable;
}
