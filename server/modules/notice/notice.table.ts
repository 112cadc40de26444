import type { Generated } from 'kysely';
import type { ContentWorkflowColumns } from '../publishing/publishing.table.ts';

/** A row with its 先审后发 columns (publishing/publishing.table.ts). */
export interface NoticeTable extends ContentWorkflowColumns {
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
}

export interface NoticeTables {
  notice: NoticeTable;
}
