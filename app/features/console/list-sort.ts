import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import type { ListSort } from '#contract/list-sort.ts';

/**
 * A column sorted on the server (docs/console.md "Tables"): the arrow shows the order the address
 * asks for; a click goes through `sortChange`, which puts `sortBy`/`sortOrder` in the address
 * (升序 → 降序 → the list's own order), from page 1.
 */
export function sortable(key: string, search: ListSort<string>) {
  return {
    sorter: true,
    sortOrder: search.sortBy === key ? (search.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
    showSorterTooltip: { title: '点击排序' },
  };
}

/** The table's onChange for sorting only (paging has its own handler). */
export function sortChange(apply: (patch: Record<string, string | null>) => void) {
  return (_pagination: unknown, _filters: unknown, sorter: SorterResult<any> | SorterResult<any>[], extra: TableCurrentDataSource<any>) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.order ? String(s.columnKey ?? s.field) : null;
    apply({ sortBy: key, sortOrder: key && s.order === 'descend' ? 'desc' : null });
  };
}
