import type { Generated } from 'kysely';

export interface EnterpriseTable {
  id: Generated<number>;
  name: string;
  /** 统一社会信用代码, 18 characters, upper case. */
  uscc: string;
  legalPerson: string | null;
  /** dict `industry` id */
  industry: string | null;
  /** dict `enterprise_scale` id */
  scale: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  countyCode: string | null;
  address: string | null;
  contactName: string | null;
  contactPhone: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface UserAccountTable {
  id: Generated<number>;
  /** The login name. */
  phone: string;
  /** `scrypt$N$r$p$salt$hash`: algorithm and parameters kept with each hash. Null for an SSO-only account. */
  passwordHash: string | null;
  nickName: string;
  avatar: string | null;
  enterpriseId: number | null;
  /** 'active' | 'disabled' */
  status: Generated<string>;
  failedLogins: Generated<number>;
  lockedUntil: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

/** One refresh token (only its SHA-256 is kept). A login starts a family; each rotation adds a row. */
export interface RefreshTokenTable {
  id: Generated<number>;
  userId: number;
  family: string;
  tokenHash: string;
  /** The family's absolute end (7 days after login). */
  expiresAt: string;
  /** Unused for this long (SESSION_IDLE_MINUTES) and it is dead. */
  idleExpiresAt: string;
  /** Set when it was exchanged for the next one; presenting it again is a reuse. */
  usedAt: string | null;
  revokedAt: string | null;
  createdAt: Generated<string>;
}

export interface SsoIdentityTable {
  id: Generated<number>;
  issuer: string;
  subject: string;
  userId: number;
  createdAt: Generated<string>;
}

export interface AccountTables {
  enterprise: EnterpriseTable;
  userAccount: UserAccountTable;
  refreshToken: RefreshTokenTable;
  ssoIdentity: SsoIdentityTable;
}
