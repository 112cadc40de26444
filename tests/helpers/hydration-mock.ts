/**
 * What the mocked `useHydrated` answers. A markup test replaces the hook with this module:
 *   vi.mock('#app/lib/use-hydrated.ts', () => import('#tests/helpers/hydration-mock.ts'));
 * and renders through `renderAt` / `renderBothWays` (hydration.tsx), which set it.
 */
export const hydration = { now: false };

export const useHydrated = (): boolean => hydration.now;
