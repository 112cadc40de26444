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

/** 政策推送: an enterprise told about a project (at most once per verdict; see migration 0056). */
export interface MatchPushTable {
  id: Generated<number>;
  /** contract/match-verdict.ts MATCH_KINDS */
  kind: string;
  projectId: number;
  enterpriseId: number;
  /** 'eligible' | 'maybe': what the enterprise was told last. */
  verdict: string;
  toldAt: Generated<string>;
}

export interface EnterpriseProfileTables {
  enterpriseAttribute: EnterpriseAttributeTable;
  matchPush: MatchPushTable;
}
