import type { Generated } from 'kysely';

export interface AccessLogTable {
  id: Generated<number>;
  source: string;
  name: string;
  url: string;
  /** fullPath of the menu entry the url belongs to. */
  menu: string;
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** One row per Shanghai calendar day, so that the home figures never count the whole log. */
export interface AccessLogDailyTable {
  day: string;
  visits: number;
}

export interface AccessLogTables {
  accessLog: AccessLogTable;
  accessLogDaily: AccessLogDailyTable;
}
