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
  /** The machine-readable conditions (contract/match-rules.ts) as JSON, or null. */
  rules: string | null;
  /** contract/free-project.ts FREE_PROJECT_STATUS; only `published` is public. */
  status: Generated<string>;
  /** When it was published (a draft holds its creation time until then). */
  publishAt: string;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface FreeProjectTables {
  freeProject: FreeProjectTable;
}
