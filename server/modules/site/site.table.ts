import type { Generated } from 'kysely';

/** Small named values the whole site shares (e.g. cache_version), one row each. */
export interface SettingTable {
  key: string;
  value: string;
  updatedAt: Generated<string>;
}

export interface SiteTables {
  setting: SettingTable;
}
