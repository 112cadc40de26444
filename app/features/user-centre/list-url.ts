import { useLocation, useNavigate } from 'react-router';
import { listHref } from '#app/lib/pagination.ts';

/** Changes a list's URL parameters (tab, keyword, page): every state of a list has its own address. */
export function useListUrl() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (patch: Record<string, string | number | null | undefined>, resetPage = true) =>
    navigate(listHref(pathname, search, resetPage ? { currentPage: null, ...patch } : patch), { preventScrollReset: true });
}
