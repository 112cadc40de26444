import type { MetaDescriptor } from 'react-router';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The platform name from the root loader, as seen by any route's `meta`. */
export function platformNameOf(matches: readonly (MatchLike | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { site?: { platformName?: string } } | undefined;
  return root?.site?.platformName ?? '';
}

/** Inner pages are titled "<页面名> - <平台名>" (docs/product.md §1). */
export function pageMeta(matches: readonly (MatchLike | undefined)[], pageName: string, description?: string | null): MetaDescriptor[] {
  const platform = platformNameOf(matches);
  const meta: MetaDescriptor[] = [{ title: platform ? `${pageName} - ${platform}` : pageName }];
  if (description) meta.push({ name: 'description', content: description });
  return meta;
}
