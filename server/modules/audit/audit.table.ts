import type { Generated } from 'kysely';

/** The security audit log (docs/console.md "Audit (等保)"): written by audit-writer.ts alone, read by audit.repository.ts. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /**
   * Enterprise events: login | login_failed | lock | logout | register | password_change |
   * password_reset | sso_login | sso_link | refresh_reuse. Console events: `<domain>.<verb>`
   * (contract/audit.ts). Append-only: triggers refuse UPDATE, and DELETE before 180 days.
   */
  action: string;
  userId: number | null;
  staffId: number | null;
  /** 'staff' | 'user'; null on rows written before 0006 (enterprise events). */
  actorType: string | null;
  loginName: string | null;
  objectType: string | null;
  objectId: string | null;
  /** ok | denied | failed */
  result: Generated<string>;
  ip: string;
  userAgent: string | null;
  detail: string | null;
  /** The request's fields as JSON, secrets masked. */
  changes: string | null;
}

export interface AuditTables {
  auditLog: AuditLogTable;
}
