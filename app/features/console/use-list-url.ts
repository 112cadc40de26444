import { useCallback } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { listHref } from '#app/lib/pagination.ts';
import { CONSOLE_PAGE_SIZE } from './list-params.ts';

/**
 * A console list keeps its filters and page in the URL (shareable, and the loader reads them).
 * `search` applies new filters from page 1, `page` moves through pages, `reload` re-runs the
 * loaders after a write.
 */
export function useListUrl() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return {
    search: useCallback(
      (filters: Record<string, string | number | null | undefined>) => navigate(listHref(pathname, search, { ...filters, currentPage: 1 })),
      [navigate, pathname, search],
    ),
    page: useCallback(
      (currentPage: number, pageSize: number) => navigate(listHref(pathname, search, { currentPage, pageSize: pageSize === CONSOLE_PAGE_SIZE ? null : pageSize })),
      [navigate, pathname, search],
    ),
    reload: revalidate,
  };
}

/**
 * antd Table pagination for a page of the API's shape. A long list counts at most 10,000 matches
 * (`totalCapped`, contract/paging.ts LIST_COUNT_CAP) and says so rather than a number it did not count.
 */
export function tablePagination(p: { total: number; currentPage: number; pageSize: number; totalCapped?: boolean }, onChange: (current: number, size: number) => void) {
  return {
    total: p.total,
    current: p.currentPage,
    pageSize: p.pageSize,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total: number) => (p.totalCapped ? `超过 ${total.toLocaleString('zh-CN')} 条，请缩小筛选范围` : `共 ${total} 条`),
    onChange,
  };
}
