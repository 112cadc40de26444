import type { Generated } from 'kysely';

export interface ProclamationTable {
  id: Generated<number>;
  projectId: number;
  title: string;
  content: string;
  /** JSON array of { enterpriseName, amount } with amount in integer 元. */
  enterprises: Generated<string>;
  /** contract/proclamation.console.ts PROCLAMATION_STATUS; a draft holds its generation time in the two dates below. */
  status: Generated<string>;
  publishAt: string;
  objectionEndAt: string;
  revokeReason: string | null;
  /** When it was concluded or revoked. */
  closedAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
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
  /** contract/proclamation.console.ts OBJECTION_STATUS */
  status: Generated<string>;
  /** The reply is due 5 working days after receipt. */
  dueAt: string | null;
  /** upheld | dismissed */
  result: string | null;
  reply: string | null;
  answeredAt: string | null;
  staffName: string | null;
  createdAt: Generated<string>;
}

export interface ProclamationTables {
  proclamation: ProclamationTable;
  proclamationObjection: ProclamationObjectionTable;
}
