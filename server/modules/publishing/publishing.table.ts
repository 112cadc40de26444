import type { Generated } from 'kysely';
import type { ContentStatus } from '#contract/publishing.ts';

/** The columns of 先审后发 (docs/console.md "Content") that every reviewed content table has. */
export interface ContentWorkflowColumns {
  /** 'draft' | 'pending_review' | 'published' | 'offline'. */
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
