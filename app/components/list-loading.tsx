import type { ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useMinDisplay } from '#app/lib/min-display.ts';

/**
 * Wraps a list: while a client navigation to the same list (another page, a search) loads, the
 * list is veiled by a skeleton that stays at least 200 ms (docs/product.md §9), so it never flashes.
 */
export function ListLoading({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loadingHere = navigation.state === 'loading' && navigation.location?.pathname === pathname;
  const visible = useMinDisplay(loadingHere);
  return (
    <div className={visible ? 'list-loading is-loading' : 'list-loading'} aria-busy={visible}>
      {children}
      {visible && (
        <div className="list-loading__veil" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="list-loading__text">加载中…</span>
        </div>
      )}
    </div>
  );
}
