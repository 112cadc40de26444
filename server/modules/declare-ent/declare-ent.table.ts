import type { Generated } from 'kysely';
import type { DeclareStatus } from '#contract/declare-ent.ts';

export interface DeclareEntTable {
  id: Generated<number>;
  projectId: number;
  enterpriseId: number;
  userId: number;
  status: Generated<DeclareStatus>;
  enterpriseName: string | null;
  uscc: string | null;
  legalPerson: string | null;
  contactName: string | null;
  contactPhone: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  countyCode: string | null;
  address: string | null;
  content: string | null;
  /** Integer 元. */
  amountApplied: number | null;
  /** JSON array of { materialId, files: [{ name, path }] }. */
  materials: Generated<string>;
  reviewNote: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  evaluationLevel: number | null;
  evaluationComment: string | null;
  evaluatedAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface DeclareEntTables {
  declareEnt: DeclareEntTable;
}
