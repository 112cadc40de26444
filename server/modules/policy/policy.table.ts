import type { Generated } from 'kysely';
import type { ContentWorkflowColumns } from '../publishing/publishing.table.ts';

/** A row with its 先审后发 columns (publishing/publishing.table.ts). */
export interface PolicyTable extends ContentWorkflowColumns {
  id: Generated<number>;
  title: string;
  docNo: string | null;
  issuer: string;
  /** Option id of the `policy_level` dictionary. */
  level: string;
  /** Option id of the `policy_category` dictionary. */
  category: string;
  /** ISO 8601 UTC. */
  publishAt: string;
  /** ISO 8601 UTC, the start of the first day in force; null: in force from publication. */
  effectiveFrom: string | null;
  /** ISO 8601 UTC, the end of the last day in force; null: no end date. */
  effectiveTo: string | null;
  content: string;
  interpretation: string | null;
  /** JSON array of { name, path }. */
  attachments: Generated<string>;
  viewCount: Generated<number>;
}

export interface PolicyTables {
  policy: PolicyTable;
}
