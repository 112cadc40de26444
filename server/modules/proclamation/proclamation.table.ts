import type { Generated } from 'kysely';

export interface ProclamationTable {
  id: Generated<number>;
  projectId: number;
  title: string;
  content: string;
  /** JSON array of { enterpriseName, amount } with amount in integer 元. */
  enterprises: Generated<string>;
  publishAt: string;
  objectionEndAt: string;
  createdAt: Generated<string>;
}

export interface ProclamationObjectionTable {
  id: Generated<number>;
  proclamationId: number;
  enterpriseId: number;
  userId: number;
  reason: string;
  /** JSON array of { name, path }. */
  attachments: Generated<string>;
  receiptNo: string;
  createdAt: Generated<string>;
}

export interface ProclamationTables {
  proclamation: ProclamationTable;
  proclamationObjection: ProclamationObjectionTable;
}
