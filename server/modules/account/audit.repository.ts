import type { Db } from '#server/db/database.ts';
import type { ClientInfo } from '#server/platform/auth/cookies.ts';


/** The events an enterprise's account writes (console rows are `<domain>.<verb>`, contract/audit.ts). */
export const ENTERPRISE_AUDIT_ACTIONS = ['login', 'login_failed', 'lock', 'logout', 'register', 'password_change', 'password_reset', 'sso_login', 'sso_link', 'sso_register', 'refresh_reuse'] as const;
export type AuditAction = (typeof ENTERPRISE_AUDIT_ACTIONS)[number];
/** Attempts that did not get in: the auditor finds brute force by searching for failures. */
const FAILED_ACTIONS: ReadonlySet<AuditAction> = new Set(['login_failed', 'lock']);

/** Audit rows are kept at least this long (等保 level 3 asks for 6 months). */
export const AUDIT_RETENTION_DAYS = 180;

export async function audit(
  db: Db,
  client: ClientInfo,
  action: AuditAction,
  who: { userId?: number | null; loginName?: string | null; detail?: string | null } = {},
): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      at: new Date().toISOString(),
      action,
      actorType: 'user',
      result: FAILED_ACTIONS.has(action) ? 'failed' : 'ok',
      userId: who.userId ?? null,
      staffId: null,
      loginName: who.loginName?.slice(0, 64) ?? null,
      ip: client.ip.slice(0, 64),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      detail: who.detail?.slice(0, 300) ?? null,
    })
    .execute();
}

/** Deletes rows past the retention period (a few days of slack: never less than 180 days). */
export async function purgeAudit(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - (AUDIT_RETENTION_DAYS + 5) * 86_400_000).toISOString();
  const res = await db.deleteFrom('auditLog').where('at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
