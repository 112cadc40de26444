import { DEFAULT_TABLE_PREFERENCE, tablePreferenceSchema, type ConsoleTable, type StaffPreferences, type TablePreference, type TablePreferenceSave } from '#contract/staff-preference.ts';
import type { StaffActor } from '#contract/staff.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './staff-preference.repository.ts';

const TABLE_PREFIX = 'table:';

/** A stored value that no longer parses (a list lost a column since) falls back to the defaults rather than failing the page. */
function parsed(value: string): TablePreference {
  try {
    return tablePreferenceSchema.parse(JSON.parse(value));
  } catch {
    return DEFAULT_TABLE_PREFERENCE;
  }
}

/** Each staff member's own settings of the console's lists (docs/console.md "Tables"). */
export function createStaffPreferenceService({ db }: Deps) {
  return {
    async all(actor: StaffActor): Promise<StaffPreferences> {
      const rows = await repo.preferencesOf(db, actor.id);
      return { tables: Object.fromEntries(rows.filter((r) => r.name.startsWith(TABLE_PREFIX)).map((r) => [r.name.slice(TABLE_PREFIX.length), parsed(r.value)])) };
    },

    /** One list's settings, for its page's loader: one read by primary key. */
    async table(actor: StaffActor, table: ConsoleTable): Promise<TablePreference> {
      const [row] = await repo.preferencesOf(db, actor.id, [TABLE_PREFIX + table]);
      return row ? parsed(row.value) : DEFAULT_TABLE_PREFERENCE;
    },

    async saveTable(actor: StaffActor, { table, density, hiddenColumns }: TablePreferenceSave): Promise<TablePreference> {
      const value = { density, hiddenColumns: [...new Set(hiddenColumns)] };
      await repo.savePreference(db, actor.id, TABLE_PREFIX + table, JSON.stringify(value), new Date().toISOString());
      return value;
    },
  };
}
