import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
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
  return withRoutes(build, (id) => !isConsolePath(pathOf(id)));
}

/** The build with only the routes `keep` accepts, in their order. */
export function withRoutes(build: ServerBuild, keep: (id: string) => boolean): ServerBuild {
  return {
    ...build,
    routes: Object.fromEntries(Object.entries(build.routes).filter(([id]) => keep(id))),
    assets: { ...build.assets, routes: Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => keep(id))) },
  };
}

/**
 * The routes a document render of a path reads, for a route table narrowed to them
 * (docs/decisions.md "Public documents render over their own routes"): those the path matches,
 * and those its manifest names — React Router's `getPartialManifest` adds the matches of "/" and
 * of every parent path, so that the browser knows them without asking. Over these routes the
 * path matches the same branch (the winner is among them, and the others can only rank lower),
 * and the page and its manifest are the same; React Router no longer rebuilds, ranks and walks
 * the other 30 routes on every render. Null when the path matches nothing (React Router's own
 * 404 then needs the whole table).
 */
export function documentRouteIds(build: ServerBuild): (pathname: string) => string[] | null {
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((r) => r!.parentId === parentId)
      .map((r) => ({ id: r!.id, path: r!.path, index: r!.index, caseSensitive: r!.caseSensitive, children: tree(r!.id) }) as RouteObject);
  const routes = tree(undefined);
  const basename = build.basename || '/';
  const routeIdsOf = (pathname: string): string[] | null => {
    const matches = matchRoutes(routes, pathname, basename);
    if (!matches) return null;
    const ids = new Set(matches.map((m) => m.route.id!));
    // getPartialManifest's parent paths: "/", then "/a", "/a/b"... short of the path itself.
    const segments = pathname.split('/').filter(Boolean);
    segments.pop();
    for (let i = 0; i <= segments.length; i++) {
      for (const m of matchRoutes(routes, `/${segments.slice(0, i).join('/')}`, basename) ?? []) ids.add(m.route.id!);
    }
    return [...ids];
  };
  // matchRoutes ranks the whole table on each call (React Router's handler keeps its ranking, this
  // public API cannot), which costs about what the narrowing saves: the answer is remembered per
  // path. The site has a few dozen paths (queries are not part of it); the bound only stops a
  // crawler of made-up paths from growing the map.
  const known = new Map<string, string[] | null>();
  return (pathname) => {
    let ids = known.get(pathname);
    if (ids === undefined) {
      if (known.size >= 1000) known.clear();
      known.set(pathname, (ids = routeIdsOf(pathname)));
    }
    return ids;
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
