import { z } from './zod.ts';

/**
 * A console list sorted by one of its columns on the server (docs/console.md "Tables"): `sortBy`
 * names one of the list's own keys (anything else is a 400), `sortOrder` is 升序 (the default) or 降序. Without
 * `sortBy` the list keeps its queue order. The id breaks ties, so pages never overlap.
 */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export function sortShape<K extends string>(keys: readonly [K, ...K[]]) {
  return {
    sortBy: z
      .enum(keys, { error: '这一列不能排序，请点表头上带箭头的列' })
      .nullish()
      .transform((v) => v ?? undefined)
      .optional(),
    sortOrder: z
      .enum(SORT_ORDERS, { error: '排序方向只能是升序或降序' })
      .nullish()
      .transform((v) => v ?? undefined)
      .optional(),
  };
}

/** What a sorted list's query carries. */
export interface ListSort<K extends string> {
  sortBy?: K;
  sortOrder?: SortOrder;
}
