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

/** 画像变更: one change of one value (migration 0086). */
export interface EnterpriseAttributeChangeTable {
  id: Generated<number>;
  enterpriseId: number;
  attr: string;
  /** 'self' | 'verified' */
  source: string;
  department: string | null;
  /** JSON; null: there was no value. */
  valueBefore: string | null;
  /** JSON; null: the value was cleared. */
  valueAfter: string | null;
  /** The enterprise's account that saved a self-declared value. */
  userId: number | null;
  /** The import that wrote a verified value (enterprise_profile_import.id). */
  importId: number | null;
  changedAt: Generated<string>;
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
  /** The SMS sent with an eligible notice to an enterprise that opted in (sms_delivery.id); null: none. */
  smsId: number | null;
}

/** 接收政策推送短信: an enterprise that asked for pushes by SMS, and the account whose mobile gets them. */
export interface PushSmsOptInTable {
  enterpriseId: number;
  userId: number;
  createdAt: Generated<string>;
}

/** A department's data file, previewed then committed once (migration 0060). */
export interface EnterpriseProfileImportTable {
  id: Generated<number>;
  fileName: string;
  staffId: number;
  /** previewed → committed */
  status: Generated<string>;
  total: number;
  invalid: number;
  /** JSON [[enterpriseId, department, { attr: value }], ...] until committed, then [] */
  rows: string;
  /** What the commit wrote: enterprises and values. */
  enterpriseCount: number | null;
  valueCount: number | null;
  createdAt: Generated<string>;
  committedAt: string | null;
}

export interface EnterpriseProfileTables {
  enterpriseAttribute: EnterpriseAttributeTable;
  enterpriseAttributeChange: EnterpriseAttributeChangeTable;
  enterpriseProfileImport: EnterpriseProfileImportTable;
  matchPush: MatchPushTable;
  pushSmsOptIn: PushSmsOptInTable;
}
