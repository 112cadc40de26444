import { lazy, Suspense, useEffect, useState } from 'react';
import { useRootData } from '#app/lib/root-data.ts';

const IdleTimeout = lazy(() => import('./idle-timeout.tsx'));

/**
 * Mounts the idle-timeout dialog for a signed-in user only, in the browser only, loading its code
 * on demand: visitors' pages carry none of it.
 */
export function IdleTimeoutGate() {
  const root = useRootData();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (!inBrowser || !root?.user) return null;
  return (
    <Suspense fallback={null}>
      <IdleTimeout idleMinutes={root.site.sessionIdleMinutes} />
    </Suspense>
  );
}
