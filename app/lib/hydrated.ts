import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False while rendering on the server and hydrating, true afterwards: for parts only the browser draws. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
