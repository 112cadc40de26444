import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true from then on (and at
 * once on a page rendered in the browser). React's documented `getServerSnapshot` contract: the
 * server value is used during hydration, then the component renders again with the client value.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
