/** The state each column was last found in by the daily job (migration 0050): alerts go once per change. */
export interface FreshnessAlertTable {
  columnKey: string;
  /** contract/freshness.ts FRESHNESS_STATE */
  state: string;
  changedAt: string;
}

export interface FreshnessTables {
  freshnessAlert: FreshnessAlertTable;
}
