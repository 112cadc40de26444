import type { Selectable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { AuditFilter } from '#contract/audit.ts';
import type { Paging } from '#contract/paging.ts';
import type { AuditLogTable } from '#server/modules/account/account.table.ts';
import { listTotal, offsetOf } from '#server/platform/http/paging.ts';

/**
 * The audit log's SQL. Append-only: this file inserts and reads, nothing else (the triggers of
 * migration 0006 refuse UPDATE, and DELETE before 180 days).
 */
export type AuditLogRow = Selectable<AuditLogTable>;

export interface AuditEntry {
  action: string;
  actorType: 'staff' | 'user' | null;
  staffId?: number | null;
  userId?: number | null;
  loginName?: string | null;
  objectType?: string | null;
  objectId?: string | null;
  result: 'ok' | 'denied' | 'failed';
  ip: string;
  userAgent?: string | null;
  detail?: string | null;
  changes?: string | null;
}

export async function insertAudit(db: Db, e: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      at: new Date().toISOString(),
      action: e.action.slice(0, 60),
      actorType: e.actorType,
      staffId: e.staffId ?? null,
      userId: e.userId ?? null,
      loginName: e.loginName?.slice(0, 64) ?? null,
      objectType: e.objectType?.slice(0, 40) ?? null,
      objectId: e.objectId?.slice(0, 64) ?? null,
      result: e.result,
      ip: e.ip.slice(0, 64),
      userAgent: e.userAgent?.slice(0, 300) ?? null,
      detail: e.detail?.slice(0, 300) ?? null,
      changes: e.changes ?? null,
    })
    .execute();
}

/** Dates are 北京时间 days; rows keep UTC instants. */
const dayStartUtc = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();
const nextDayStartUtc = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000).toISOString();

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('auditLog');
  if (f.loginName) q = q.where('loginName', '=', f.loginName);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.objectType) q = q.where('objectType', '=', f.objectType);
  if (f.objectId) q = q.where('objectId', '=', f.objectId);
  if (f.result) q = q.where('result', '=', f.result);
  if (f.dateFrom) q = q.where('at', '>=', dayStartUtc(f.dateFrom));
  if (f.dateTo) q = q.where('at', '<', nextDayStartUtc(f.dateTo));
  return q;
}

const COLUMNS = ['id', 'at', 'actorType', 'loginName', 'action', 'objectType', 'objectId', 'result', 'ip', 'detail', 'changes'] as const;

/**
 * A page, newest first. Ordered by `at` alone so that each filter's `(column, at)` index (and
 * `(at)` without one) yields the page without sorting the table; the count reads at most
 * LIST_COUNT_CAP + 1 rows, so a search over years of rows costs what one over a day does.
 */
export async function searchAudit(db: Db, f: AuditFilter, p: Paging) {
  const q = filtered(db, f);
  const [rows, count] = await Promise.all([q.select(COLUMNS).orderBy('at', 'desc').limit(p.pageSize).offset(offsetOf(p)).execute(), listTotal(db, q)]);
  return { rows, count };
}

/** Rows for an export, newest first, in batches below `beforeId` (keyset: no growing offsets). */
export function exportBatch(db: Db, f: AuditFilter, beforeId: number | null, size: number) {
  let q = filtered(db, f).select([...COLUMNS, 'userAgent']);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(size).execute();
}
