import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { MAX_RECORD_ID } from '#contract/envelope.ts';
import { LIST_COUNT_CAP, type CappedPage, type Page, type Paging } from '#contract/paging.ts';
import { whileUnchanged } from '#server/db/while-unchanged.ts';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { notFound } from './errors.ts';

/** `%kw%` for LIKE, with the wildcards a user typed taken literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column LIKE %keyword% ESCAPE '\'`: the same on SQLite and PostgreSQL. */
export function contains(column: Expression<unknown> | string, keyword: string): Expression<SqlBool> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<SqlBool>`${ref} like ${likePattern(keyword)} escape '\\'`;
}

export function offsetOf(p: Paging): number {
  return (p.currentPage - 1) * p.pageSize;
}

export function toPage<T>(records: T[], total: number, p: Paging): Page<T> {
  return { records, total, currentPage: p.currentPage, pageSize: p.pageSize };
}

/** A long list's total, counted to a cap. */
export interface ListTotal {
  total: number;
  capped: boolean;
}

/**
 * The total a page says by itself, or null when it needs counting: a short page that is not empty
 * ends the list (so does an empty first page), and what came before it is the offset.
 */
export function totalOfShortPage(found: number, p: Paging, cap = LIST_COUNT_CAP): ListTotal | null {
  if (found >= p.pageSize || (found === 0 && p.currentPage > 1)) return null;
  const seen = offsetOf(p) + found;
  return { total: Math.min(seen, cap), capped: seen > cap };
}

/**
 * A long list's total (the audit log, the console queues): the rows its filters find, counted to
 * LIST_COUNT_CAP through whatever index serves the filters; `capped` when there are more. `exact`
 * counts them all without the cap's LIMIT subquery, for filters last seen under the cap: the
 * subquery hands each row up one at a time, twice the CPU of a plain count (0.69 against 0.33 ms
 * for 8,000 returned declarations on SQLite, 3.0 against 1.6 ms on PostgreSQL).
 */
export async function listTotal(db: Db, query: SelectQueryBuilder<any, any, any>, exact = false, cap = LIST_COUNT_CAP): Promise<ListTotal> {
  const n = exact
    ? Number((await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    : await cappedCount(db, query.clearSelect().select(sql<number>`1`.as('one')), cap + 1);
  return { total: Math.min(n, cap), capped: n > cap };
}

/**
 * Remembers for a minute which filters match more than LIST_COUNT_CAP rows, so that paging
 * through a broad list (the audit log, a queue's 全部) does not count 10,001 index entries on every
 * page: 1–6 ms of CPU on SQLite's one thread, 2–3 ms on PostgreSQL. Such a list says only 超过
 * 10,000 条; one that has fallen under the cap says its exact total within the minute. A filter
 * whose last count was under the cap is counted `exact`ly (see listTotal): one that has grown
 * past the cap since is then counted in full once, and remembered as past it. Per process, for at
 * most `entries` filters (the oldest go first).
 *
 * With `version` (the write counter of the tables counted, db/write-counter.ts), exact totals are
 * kept too, for `exactTtlMs` at most and only while the version stays the same: counting a
 * queue's few thousand waiting rows on every page and every reload was most of what a queue call
 * cost (0.5–1 ms of PostgreSQL's CPU for 6,000 rows). This process's own writes show at once;
 * another instance's writes, and a deadline passing (超期, 临期), within `exactTtlMs`.
 */
export function pastCapMemo({ ttlMs = 60_000, entries = 200, version, exactTtlMs = 5_000 }: { ttlMs?: number; entries?: number; version?: () => string; exactTtlMs?: number } = {}) {
  const totals = whileUnchanged<ListTotal>(version, {
    entries,
    keep: (counted) => (counted.capped ? { ms: ttlMs, despiteWrites: true } : { ms: version ? exactTtlMs : 0 }),
  });
  return (filter: unknown, count: (exact: boolean) => Promise<ListTotal>): Promise<ListTotal> =>
    totals(JSON.stringify(filter), (last) => count(last !== undefined && !last.capped));
}

export function toCappedPage<T>(records: T[], count: ListTotal, p: Paging): CappedPage<T> {
  return { ...toPage(records, count.total, p), totalCapped: count.capped };
}

/** A non-numeric or out-of-range id is a 404, the same as an unknown one (docs/api.md). */
export function parseId(value: unknown, what = '内容'): number {
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,15}$/.test(s)) throw notFound(`您访问的${what}不存在或已删除`);
  const n = Number(s);
  if (n < 1 || n > MAX_RECORD_ID) throw notFound(`您访问的${what}不存在或已删除`);
  return n;
}

/** Rows of a `GROUP BY status` as a count for every status of the contract, zero where none. */
export function countsByStatus<S extends string>(statuses: readonly S[], rows: readonly { status: S; total: number }[]): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const r of rows) counts[r.status] = Number(r.total);
  return counts;
}

/**
 * How many rows a query selects, counting at most `cap` of them (the dashboard's figures): a queue
 * of tens of thousands then costs no more than a full page.
 */
export async function cappedCount(db: Db, rows: SelectQueryBuilder<Database, any, any>, cap: number): Promise<number> {
  const { n } = await db
    .selectFrom(rows.limit(cap).as('r'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
