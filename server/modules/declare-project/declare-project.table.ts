import type { Generated } from 'kysely';

export interface DeclareProjectTable {
  id: Generated<number>;
  name: string;
  /** dict `declare_category` id */
  category: string;
  department: string;
  policyId: number | null;
  /** Integer 元. */
  amountMin: number | null;
  amountMax: number | null;
  applyStart: string;
  applyEnd: string;
  conditions: string;
  content: string;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface DeclareMaterialTable {
  id: Generated<number>;
  projectId: number;
  name: string;
  required: Generated<number>;
  /** contract/files.ts TEMPLATES type, or null */
  templateType: string | null;
  sort: Generated<number>;
}

export interface DeclareProjectTables {
  declareProject: DeclareProjectTable;
  declareMaterial: DeclareMaterialTable;
}
