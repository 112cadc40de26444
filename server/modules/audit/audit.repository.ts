import { CompiledQuery, sql, type Insertable, type Selectable, type SelectQueryBuilder } from 'kysely';
import { closedValue } from '#server/db/closed-value.ts';
import type { Db } from '#server/db/database.ts';
import { AUDIT_RETENTION_DAYS, type AuditFilter } from '#contract/audit.ts';
import { shanghaiDayStart } from '#contract/format.ts';
import type { ListSort } from '#contract/list-sort.ts';
import { LIST_COUNT_CAP, type Paging } from '#contract/paging.ts';
import { listTotal, offsetOf } from '#server/platform/http/paging.ts';
import type { AuditLogTable } from './audit.table.ts';

/**
 * The audit log's SQL. Append-only: this file inserts, reads, and deletes rows past their retention,
 * nothing else (the triggers of migration 0006 refuse UPDATE, and DELETE before 180 days).
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
export type AuditValues = (string | number | null)[];

/** Rows in one INSERT at most: 13 parameters each, far under SQLite's 32,766 and PostgreSQL's 65,535. */
export const MAX_ROWS_PER_INSERT = 100;

/**
 * Text as a row keeps it, cut to its column. Rows carry what a request sent (an object's id, a
 * login name), and PostgreSQL refuses U+0000 in text: written as `\0`, so that one hostile value
 * cannot fail the insert of the group it is written with (audit-writer.ts).
 */
function storable(text: string | null | undefined, max = Infinity): string | null {
  return text == null ? null : text.replaceAll('\u0000', '\\0').slice(0, max);
}

/** A row's parameters in INSERT_COLUMNS' order, stamped now and cut to the columns' lengths. */
export function auditValues(e: AuditEntry): AuditValues {
  return [
    new Date().toISOString(),
    storable(e.action, 60),
    e.actorType,
    e.staffId ?? null,
    e.userId ?? null,
    storable(e.loginName, 64),
    storable(e.objectType, 40),
    storable(e.objectId, 64),
    e.result,
    storable(e.ip, 64),
    storable(e.userAgent, 300),
    storable(e.detail, 300),
    storable(e.changes),
  ];
}

const insertTexts = new WeakMap<Db, string[]>();

/**
 * Rows in one statement, in the given order (their ids grow in it). Every console call writes a
 * row (each audit search too), so the statement for n rows is built and compiled once per
 * database and only its parameters change: building it through Kysely on each call cost about as
 * much CPU as SQLite's insert itself.
 */
export async function insertAuditValues(db: Db, rows: readonly AuditValues[]): Promise<void> {
  if (rows.length === 0 || rows.length > MAX_ROWS_PER_INSERT) throw new RangeError(`一条语句写入 1 至 ${MAX_ROWS_PER_INSERT} 行审计日志，收到 ${rows.length} 行`);
  let texts = insertTexts.get(db);
  if (!texts) insertTexts.set(db, (texts = []));
  let text = texts[rows.length];
  if (!text) {
    const blank = Object.fromEntries(INSERT_COLUMNS.map((c) => [c, null])) as Insertable<AuditLogTable>;
    text = texts[rows.length] = db.insertInto('auditLog').values(rows.map(() => blank)).compile().sql;
  }
  await db.executeQuery(CompiledQuery.raw(text, rows.flat()));
}

/** One row, at once: for callers outside the server (scripts, tests); the server writes through audit-writer.ts. */
export const insertAudit = (db: Db, e: AuditEntry): Promise<void> => insertAuditValues(db, [auditValues(e)]);

/** Deletes rows past the retention period (a few days of slack: never less than 180 days). */
export async function purgeAudit(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - (AUDIT_RETENTION_DAYS + 5) * 86_400_000).toISOString();
  const res = await db.deleteFrom('auditLog').where('at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * The equality filters, most selective first. The first one given drives the search through its
 * `(column, at)` index (migrations 0006 and 0016); the others are written as `column || ''`, which
 * no index serves, and are checked on the rows the driver yields. SQLite keeps no statistics here
 * and would as soon walk every row of an action (8,333 of 100,000) for a person who never took it
 * (120 ms) as the person's 500 rows; so the cost of a search is bounded by its most selective filter.
 */
const BY_SELECTIVITY = ['objectId', 'loginName', 'action', 'objectType', 'result'] as const;

const driverOf = (f: AuditFilter) => BY_SELECTIVITY.find((k) => f[k]);

/** The result is one of three values, far from evenly spread: written into the text (db/closed-value.ts). */
const operand = (k: (typeof BY_SELECTIVITY)[number], value: string) => (k === 'result' ? closedValue(value) : value);

/** `forPage`: the driver is written as a range of one value; see auditPage. */
function filtered(db: Db, f: AuditFilter, forPage = false) {
  let q = db.selectFrom('auditLog');
  const driver = driverOf(f);
  for (const k of BY_SELECTIVITY) {
    const value = f[k];
    if (!value) continue;
    const v = operand(k, value);
    if (k !== driver) q = q.where(sql<string>`${sql.ref(k)} || ''`, '=', v);
    else q = forPage ? q.where(k, '>=', v).where(k, '<=', v) : q.where(k, '=', v);
  }
  // Dates are 北京时间 days; rows keep UTC instants. The last day counts whole: up to the next one's start.
  if (f.dateFrom) q = q.where('at', '>=', shanghaiDayStart(f.dateFrom).toISOString());
  if (f.dateTo) q = q.where('at', '<', shanghaiDayStart(f.dateTo, 1).toISOString());
  return q;
}

const COLUMNS = ['id', 'at', 'actorType', 'loginName', 'action', 'objectType', 'objectId', 'result', 'ip', 'detail', 'changes'] as const;
const PAGE_COLUMNS = COLUMNS.map((c) => `auditLog.${c}` as const);

/**
 * Newest first, led by the driving filter (see auditPageQuery); oldest first when the auditor
 * sorts 时间 upwards, with the id after it then (docs/console.md "Tables"), read backwards off the
 * same indexes.
 */
function inAuditOrder<Q extends SelectQueryBuilder<any, 'auditLog', any>>(query: Q, driver: (typeof BY_SELECTIVITY)[number] | undefined, sort?: ListSort<'at'>): Q {
  const order = sort?.sortBy ? (sort.sortOrder ?? 'asc') : 'desc';
  const byTime = (driver ? query.orderBy(`auditLog.${driver}`, order) : query).orderBy('auditLog.at', order);
  return (sort?.sortBy ? byTime.orderBy('auditLog.id', order) : byTime) as Q;
}

/**
 * A page, newest first, read in the order of the driving filter's `(column, at)` index (`(at, id)`
 * without one), so that no page sorts the table. The driver is written `column >= v and column
 * <= v` and leads the order: with `column = v` PostgreSQL drops the column from the order (it is
 * fixed) and may walk `(at)` backwards instead, filtering every newer row of other actions (a
 * burst of 40,000 `audit.search` rows made 按操作 5.7 ms instead of 0.05 ms); `(at)` cannot give
 * this order, so the driver's index is taken. The count keeps `=`, which its index-only scan
 * needs. Pages past LIST_COUNT_CAP are not read (the page says 超过 10,000 条): no offset skips
 * more than 10,000 index entries.
 *
 * The page's ids are chosen first, then its rows read by id, as the appeals queue of the console does: the
 * entries an offset skips are then index entries, not rows (page 500 of the whole log on
 * PostgreSQL: 582 buffers and 2.9 ms before, 124 and 1.7 ms after; docs/decisions.md).
 */
export function auditPageQuery(db: Db, f: AuditFilter, p: Paging, sort?: ListSort<'at'>) {
  const driver = driverOf(f);
  const page = inAuditOrder(filtered(db, f, true).select('auditLog.id'), driver, sort).limit(p.pageSize).offset(offsetOf(p));
  return inAuditOrder(
    db
      .selectFrom(page.as('page'))
      // CROSS JOIN, as in appeal/appeal.console.repository.ts: SQLite keeps the page outside and reads it first.
      .crossJoin('auditLog')
      .whereRef('auditLog.id', '=', 'page.id')
      .select(PAGE_COLUMNS),
    driver,
    sort,
  );
}

export async function auditPage(db: Db, f: AuditFilter, p: Paging, sort?: ListSort<'at'>) {
  return offsetOf(p) >= LIST_COUNT_CAP ? [] : auditPageQuery(db, f, p, sort).execute();
}
export type AuditPageRow = Awaited<ReturnType<typeof auditPage>>[number];

/** The rows the count reads (exported for the plan tests). */
export const auditCountQuery = (db: Db, f: AuditFilter) => filtered(db, f);

/** The matches, counted through the same index to LIST_COUNT_CAP + 1 at most: a search over years of rows costs what one over a day does. */
export function auditCount(db: Db, f: AuditFilter) {
  return listTotal(db, auditCountQuery(db, f));
}

/** Rows for an export, newest first, in batches below `beforeId` (keyset: no growing offsets). */
export function exportBatch(db: Db, f: AuditFilter, beforeId: number | null, size: number) {
  let q = filtered(db, f).select([...COLUMNS, 'userAgent']);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(size).execute();
}
