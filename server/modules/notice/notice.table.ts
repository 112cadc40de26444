import type { Generated } from 'kysely';
import type { ContentStatus } from '#contract/content-review.ts';

export interface NoticeTable {
  id: Generated<number>;
  title: string;
  summary: string | null;
  content: string;
  source: string | null;
  /** ISO 8601 UTC. */
  publishAt: string;
  isTop: Generated<number>;
  viewCount: Generated<number>;
  /** JSON array of { name, path }. */
  attachments: Generated<string>;
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

export interface NoticeTables {
  notice: NoticeTable;
}
