import type { Generated } from 'kysely';

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
  /** 'published' | 'draft' */
  status: Generated<string>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface NoticeTables {
  notice: NoticeTable;
}
