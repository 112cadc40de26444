import type { Db } from '#server/db/database.ts';
import type { ClientInfo } from '#server/platform/auth/cookies.ts';
import { auditWriterOf } from '#server/modules/audit/audit-writer.ts';

/** The events an enterprise's account writes (console rows are `<domain>.<verb>`, contract/audit.ts). */
export const ENTERPRISE_AUDIT_ACTIONS = ['login', 'login_failed', 'lock', 'logout', 'register', 'password_change', 'password_reset', 'sso_login', 'sso_link', 'sso_register', 'refresh_reuse'] as const;
export type AuditAction = (typeof ENTERPRISE_AUDIT_ACTIONS)[number];
/** Attempts that did not get in: the auditor finds brute force by searching for failures. */
const FAILED_ACTIONS: ReadonlySet<AuditAction> = new Set(['login_failed', 'lock']);

/** An enterprise account's event, as a row of the audit log, written by the audit domain's one writer. */
export function audit(
  db: Db,
  client: ClientInfo,
  action: AuditAction,
  who: { userId?: number | null; loginName?: string | null; detail?: string | null } = {},
): Promise<void> {
  return auditWriterOf(db)({
    action,
    actorType: 'user',
    result: FAILED_ACTIONS.has(action) ? 'failed' : 'ok',
    userId: who.userId ?? null,
    loginName: who.loginName ?? null,
    ip: client.ip,
    userAgent: client.userAgent ?? null,
    detail: who.detail ?? null,
  });
}
