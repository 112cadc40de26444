import type { SelectQueryBuilder } from 'kysely';
import type { SortOrder } from '#contract/list-sort.ts';

/**
 * A list ordered by the column a person chose (docs/console.md "Tables"), empty values last on
 * both databases (SQLite puts NULL first, PostgreSQL last), the id in the same direction after it
 * so that equal values keep one order from page to page.
 */
export function orderByColumn<Q extends SelectQueryBuilder<any, any, any>>(query: Q, column: string, order: SortOrder | undefined, idColumn: string, nullable = false): Q {
  order ??= 'asc';
  const sorted = nullable ? query.orderBy(column as never, (ob) => (order === 'asc' ? ob.asc() : ob.desc()).nullsLast()) : query.orderBy(column as never, order);
  return (column === idColumn ? sorted : sorted.orderBy(idColumn as never, order)) as Q;
}
