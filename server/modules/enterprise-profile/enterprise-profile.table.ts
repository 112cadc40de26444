import type { Generated } from 'kysely';

/** One value of one attribute of an enterprise's profile, from one source (contract/enterprise-profile.ts). */
export interface EnterpriseAttributeTable {
  id: Generated<number>;
  enterpriseId: number;
  /** contract/enterprise-profile.ts ATTRIBUTES code */
  attr: string;
  /** 'self' | 'verified' */
  source: string;
  /** The value as JSON (a string, a number or a list of codes). */
  value: string;
  /** The department whose data verified it; null for a self-declared value. */
  department: string | null;
  updatedAt: Generated<string>;
}

export interface EnterpriseProfileTables {
  enterpriseAttribute: EnterpriseAttributeTable;
}
