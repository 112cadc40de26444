import { CompiledQuery, sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { AuditFilter } from '#contract/audit.ts';
import { LIST_COUNT_CAP, type Paging } from '#contract/paging.ts';
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

/** The columns of an inserted row, in the order of the statement's parameters. */
const INSERT_COLUMNS = ['at', 'action', 'actorType', 'staffId', 'userId', 'loginName', 'objectType', 'objectId', 'result', 'ip', 'userAgent', 'detail', 'changes'] as const;
const insertText = new WeakMap<Db, string>();

/**
 * One row. Every console call writes one (each audit search too), so the statement is built and
 * compiled once per database and only its parameters change: building it through Kysely on each
 * call cost about as much CPU as SQLite's insert itself.
 */
export async function insertAudit(db: Db, e: AuditEntry): Promise<void> {
  let text = insertText.get(db);
  if (!text) {
    text = db.insertInto('auditLog').values(Object.fromEntries(INSERT_COLUMNS.map((c) => [c, null])) as Insertable<AuditLogTable>).compile().sql;
    insertText.set(db, text);
  }
  const row: Record<(typeof INSERT_COLUMNS)[number], string | number | null> = {
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
  };
  await db.executeQuery(CompiledQuery.raw(text, INSERT_COLUMNS.map((c) => row[c])));
}

/** Dates are 北京时间 days; rows keep UTC instants. */
const dayStartUtc = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();
const nextDayStartUtc = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000).toISOString();

/**
 * The equality filters, most selective first. The first one given drives the search through its
 * `(column, at)` index (migrations 0006 and 0016); the others are written as `column || ''`, which
 * no index serves, and are checked on the rows the driver yields. SQLite keeps no statistics here
 * and would as soon walk every row of an action (8,333 of 100,000) for a person who never took it
 * (120 ms) as the person's 500 rows; so the cost of a search is bounded by its most selective filter.
 */
const BY_SELECTIVITY = ['objectId', 'loginName', 'action', 'objectType', 'result'] as const;

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('auditLog');
  const driver = BY_SELECTIVITY.find((k) => f[k]);
  for (const k of BY_SELECTIVITY) {
    const value = f[k];
    if (!value) continue;
    q = k === driver ? q.where(k, '=', value) : q.where(sql<string>`${sql.ref(k)} || ''`, '=', value);
  }
  if (f.dateFrom) q = q.where('at', '>=', dayStartUtc(f.dateFrom));
  if (f.dateTo) q = q.where('at', '<', nextDayStartUtc(f.dateTo));
  return q;
}

const COLUMNS = ['id', 'at', 'actorType', 'loginName', 'action', 'objectType', 'objectId', 'result', 'ip', 'detail', 'changes'] as const;

/**
 * A page, newest first. Ordered by `at` alone so that each filter's `(column, at)` index (and
 * `(at)` without one) yields the page without sorting the table. Pages past LIST_COUNT_CAP are not
 * read (the page says 超过 10,000 条): no offset skips more than 10,000 index entries.
 */
export async function auditPage(db: Db, f: AuditFilter, p: Paging) {
  const offset = offsetOf(p);
  if (offset >= LIST_COUNT_CAP) return [];
  return filtered(db, f).select(COLUMNS).orderBy('at', 'desc').limit(p.pageSize).offset(offset).execute();
}
export type AuditPageRow = Awaited<ReturnType<typeof auditPage>>[number];

/** The matches, counted through the same index to LIST_COUNT_CAP + 1 at most: a search over years of rows costs what one over a day does. */
export function auditCount(db: Db, f: AuditFilter) {
  return listTotal(db, filtered(db, f));
}

/** Rows for an export, newest first, in batches below `beforeId` (keyset: no growing offsets). */
export function exportBatch(db: Db, f: AuditFilter, beforeId: number | null, size: number) {
  let q = filtered(db, f).select([...COLUMNS, 'userAgent']);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(size).execute();
}
