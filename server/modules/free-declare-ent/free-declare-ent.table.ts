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
}

export interface FreeDeclareCorrectionTable {
  id: Generated<number>;
  freeDeclareEntId: number;
  enterpriseId: number;
  userId: number;
  content: string;
  receiptNo: string;
  createdAt: Generated<string>;
}

export interface FreeDeclareEntTables {
  freeDeclareEnt: FreeDeclareEntTable;
  freeDeclareCorrection: FreeDeclareCorrectionTable;
}
