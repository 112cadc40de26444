import { useSyncExternalStore } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { canPrefetch, type ConnectionInfo } from '#app/lib/connection.ts';

type NavigatorWithConnection = Navigator & { connection?: ConnectionInfo & EventTarget };

const connectionOf = () => (navigator as NavigatorWithConnection).connection;

function subscribe(onChange: () => void) {
  const connection = connectionOf();
  connection?.addEventListener?.('change', onChange);
  return () => connection?.removeEventListener?.('change', onChange);
}

/** Prefetch on intent, except on 2g or data-saver connections (spec §9); never during SSR. */
function usePrefetch(): 'intent' | 'none' {
  const allowed = useSyncExternalStore(
    subscribe,
    () => canPrefetch(connectionOf()),
    () => false,
  );
  return allowed ? 'intent' : 'none';
}

export function SmartLink(props: Omit<LinkProps, 'prefetch'>) {
  return <Link prefetch={usePrefetch()} {...props} />;
}

export function SmartNavLink(props: Omit<NavLinkProps, 'prefetch'>) {
  return <NavLink prefetch={usePrefetch()} {...props} />;
}
