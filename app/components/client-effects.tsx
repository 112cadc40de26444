import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { matchMenu } from '#contract/menu.ts';
import { isChunkLoadError, reloadOnce } from '#app/lib/chunk-reload.ts';

/** Reloads for a failed chunk load, at most once per window (docs/product.md §8). */
export function reloadForChunkError(): boolean {
  return reloadOnce(window.sessionStorage, Date.now(), () => window.location.reload());
}

/**
 * Browser-only behaviours of every page: the visit record of menu pages (docs/product.md §2) and recovery
 * from chunks that vanished with a new deploy (docs/product.md §8).
 */
export function ClientEffects() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    // Marks the page as hydrated once React has taken it over and the parts drawn only in the
    // browser (useHydrated) have rendered: the moment every control answers. The journeys wait for it.
    const t = setTimeout(() => document.documentElement.setAttribute('data-hydrated', ''));
    return () => clearTimeout(t);
  }, []);

  useEffect(() => {
    const menu = matchMenu(pathname);
    if (!menu) return;
    // A failed record must never disturb the visitor: no message, no retry.
    fetch('/api/access-log/add', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'pc', name: menu.menuName, url: pathname + search }),
    }).catch(() => {});
  }, [pathname, search]);

  useEffect(() => {
    // Vite's preload helper reports a missing chunk here; cancelling means "handled by reloading".
    const onPreloadError = (e: Event) => {
      if (reloadForChunkError()) e.preventDefault();
    };
    const onRejection = (e: PromiseRejectionEvent) => {
      if (isChunkLoadError(e.reason)) reloadForChunkError();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  return null;
}
