import type { Generated } from 'kysely';
import type { FreeDeclareStatus } from '#contract/free-declare.ts';

export interface FreeDeclareEntTable {
  id: Generated<number>;
  freeProjectId: number;
  enterpriseId: number;
  /** Integer 元. */
  amount: number;
  status: Generated<FreeDeclareStatus>;
  /** JSON array of { condition, source }. */
  reasons: Generated<string>;
  contactName: string | null;
  contactPhone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  remark: string | null;
  confirmedAt: string | null;
  confirmedBy: number | null;
  paidAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
  /** The import batch that put the row on the list. */
  importId: number | null;
  voucherNo: string | null;
  /** Staff id of the payer. */
  paidBy: number | null;
  cancelReason: string | null;
  cancelledAt: string | null;
  /** Why the bureau sent a confirmed row back (wrong bank details); shown while it waits for a new confirmation. */
  returnReason: string | null;
}

export interface FreeDeclareCorrectionTable {
  id: Generated<number>;
  freeDeclareEntId: number;
  enterpriseId: number;
  userId: number;
  content: string;
  receiptNo: string;
  createdAt: Generated<string>;
  /** contract/free-declare-ent.console.ts CORRECTION_STATUS */
  status: Generated<string>;
  /** Answer owed by (5 working days from receipt). */
  dueAt: string | null;
  reply: string | null;
  repliedAt: string | null;
  repliedBy: number | null;
  updatedAt: string | null;
}

export interface FreeDeclareTimelineTable {
  id: Generated<number>;
  freeDeclareEntId: number;
  action: string;
  actor: string;
  note: string | null;
  staffName: string | null;
  at: string;
}

export interface FreeDeclareImportTable {
  id: Generated<number>;
  freeProjectId: number;
  fileName: string;
  staffId: number;
  /** previewed → committed */
  status: Generated<string>;
  total: number;
  invalid: number;
  /** JSON [[uscc, name, amount 元, condition, source], ...] */
  rows: string;
  created: number | null;
  skipped: number | null;
  createdAt: string;
  committedAt: string | null;
}

export interface FreeDeclareEntTables {
  freeDeclareEnt: FreeDeclareEntTable;
  freeDeclareCorrection: FreeDeclareCorrectionTable;
  freeDeclareTimeline: FreeDeclareTimelineTable;
  freeDeclareImport: FreeDeclareImportTable;
}
