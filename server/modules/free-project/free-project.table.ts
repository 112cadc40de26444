import type { Generated } from 'kysely';

export interface FreeProjectTable {
  id: Generated<number>;
  name: string;
  /** dict `declare_category` id */
  category: string;
  department: string;
  policyId: number | null;
  /** Integer 元. */
  amountMin: number | null;
  amountMax: number | null;
  conditions: string;
  content: string;
  publishAt: string;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface FreeProjectTables {
  freeProject: FreeProjectTable;
}
