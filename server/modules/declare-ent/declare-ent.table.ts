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
  /** Integer 元, set by an approval: ≤ amountApplied and ≤ the project's cap. */
  amountApproved: number | null;
  reviewNote: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  /** While submitted: when the review is due (10 working days). */
  reviewDueAt: string | null;
  /** While returned: the last moment to resubmit (5 working days), even after the project's window. */
  resubmitDueAt: string | null;
  evaluationLevel: number | null;
  evaluationComment: string | null;
  evaluatedAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

/** Every step of a declaration, shown to the enterprise; `staffName` is for staff eyes only. */
export interface DeclareEntTimelineTable {
  id: Generated<number>;
  declareEntId: number;
  /** contract/declare-ent.console.ts DECLARE_ACTION */
  action: string;
  note: string | null;
  actor: string;
  staffName: string | null;
  at: string;
}

export interface DeclareEntTables {
  declareEnt: DeclareEntTable;
  declareEntTimeline: DeclareEntTimelineTable;
}
