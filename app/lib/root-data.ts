import { useRouteLoaderData } from 'react-router';
import type { loader } from '#app/root.tsx';

export type RootData = Awaited<ReturnType<typeof loader>>;
export type SiteSettings = RootData['site'];

/** The site settings and the signed-in user, loaded once by the root route for every page. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}
