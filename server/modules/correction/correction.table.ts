import type { Generated } from 'kysely';

/** A 网站纠错 report (migration 0051). */
export interface CorrectionReportTable {
  id: Generated<number>;
  receiptNo: string;
  pageUrl: string;
  pageTitle: string;
  description: string;
  contact: string | null;
  /** contract/correction.ts CORRECTION_STATUS */
  status: Generated<string>;
  /** ISO 8601 UTC: 3 working days after it came in. */
  dueAt: string;
  reply: string | null;
  answeredAt: string | null;
  staffName: string | null;
  createdAt: string;
}

export interface CorrectionTables {
  correctionReport: CorrectionReportTable;
}
