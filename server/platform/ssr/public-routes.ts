import type { ServerBuild } from 'react-router';
import { isConsolePath } from '#contract/staff.ts';

/**
 * The page build as public pages need it: the same build with the staff console's routes left
 * out (docs/decisions.md "Public renders without the console's routes"). React Router works over
 * the whole route table on every render — it turns the manifest into server routes, again into
 * data routes, and tries the ranked branches one by one while matching (an index page such as
 * the home page comes last) — so the console's 29 routes made every public render dearer, though
 * no public URL can match them. A page outside /console matches exactly the same routes in
 * either table (the console's are the root's last children, so the order of the rest is kept),
 * and the manifest the page carries names only the routes it matched: the document is the same.
 */
export function withoutConsoleRoutes(build: ServerBuild): ServerBuild {
  const pathOf = (id: string): string => {
    const route = build.routes[id];
    if (!route) return '';
    const parent = route.parentId ? pathOf(route.parentId) : '';
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const keep = (id: string) => !isConsolePath(pathOf(id));
  return {
    ...build,
    routes: Object.fromEntries(Object.entries(build.routes).filter(([id]) => keep(id))),
    assets: { ...build.assets, routes: Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => keep(id))) },
  };
}

/**
 * Whether a request needs the whole route table: any path React Router could match to a console
 * route (it matches the decoded path, ignoring case, so `/Console` and `/%63onsole` count too),
 * and React Router's route discovery (`/__manifest`), through which a public page's router learns
 * the console's routes when a link leads there.
 */
export function needsAllRoutes(url: URL, build: ServerBuild): boolean {
  if (url.pathname === build.routeDiscovery.manifestPath) return true;
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // React Router keeps an undecodable path as it is
  }
  return path.toLowerCase().startsWith('/console');
}
