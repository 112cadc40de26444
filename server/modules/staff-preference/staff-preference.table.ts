import type { Generated } from 'kysely';

/** One staff member's settings of one console list (migration 0075); `value` is JSON. */
export interface StaffPreferenceTable {
  staffId: number;
  name: string;
  value: string;
  updatedAt: Generated<string>;
}

export interface StaffPreferenceTables {
  staffPreference: StaffPreferenceTable;
}
