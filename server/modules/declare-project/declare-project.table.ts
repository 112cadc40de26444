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
  /** The machine-readable conditions (contract/match-rules.ts) as JSON, or null. */
  rules: string | null;
  /** 1 on the public list; 0 kept for staff (a new project until it is published, or one taken down). */
  enabled: Generated<number>;
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
  /** A template file staff uploaded (public storage), with the name it downloads as. */
  templateName: string | null;
  templatePath: string | null;
  sort: Generated<number>;
}

export interface DeclareProjectTables {
  declareProject: DeclareProjectTable;
  declareMaterial: DeclareMaterialTable;
}
