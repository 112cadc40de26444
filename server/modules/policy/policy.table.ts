import type { Generated } from 'kysely';
import type { ContentStatus } from '#contract/content-review.ts';

export interface PolicyTable {
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
  /** 'draft' | 'pending_review' | 'published' | 'offline' (先审后发, console.md "Content"). */
  status: Generated<ContentStatus>;
  /** Staff who drafted, last changed and reviewed the row (null for rows from before the console). */
  createdBy: number | null;
  updatedBy: number | null;
  reviewedBy: number | null;
  reviewedAt: string | null;
  /** ISO 8601 UTC the author asks to publish at; null: when approved. */
  scheduleAt: string | null;
  rejectReason: string | null;
  offlineReason: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface PolicyTables {
  policy: PolicyTable;
}
