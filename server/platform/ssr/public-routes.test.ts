import type { ServerBuild } from 'react-router';
import { expect, it } from 'vitest';
import { documentRouteIds, needsAllRoutes, withoutConsoleRoutes } from './public-routes.ts';

// The shape of app/routes.ts: the site's layouts, then the console's login and its pages.
const table: [id: string, parentId: string | undefined, path: string | undefined, index?: true][] = [
  ['root', undefined, ''],
  ['layouts/default', 'root', undefined],
  ['routes/home', 'layouts/default', undefined, true],
  ['routes/notice.detail', 'layouts/default', 'notice/detail'],
  ['routes/notice', 'layouts/default', 'notice'],
  ['routes/user', 'layouts/default', 'user'],
  ['routes/user.appeal.$id', 'routes/user', 'appeal/:id'],
  ['routes/$', 'layouts/default', '*'],
  ['layouts/auth', 'root', undefined],
  ['routes/auth.login', 'layouts/auth', 'auth/login'],
  ['routes/console.login', 'root', 'console/login'],
  ['routes/console', 'root', 'console'],
  ['routes/console._index', 'routes/console', undefined],
  ['routes/console.appeal.$id', 'routes/console', 'appeal/:id'],
];
const routes = Object.fromEntries(table.map(([id, parentId, path, index]) => [id, { id, parentId, path, index, module: {} }]));
const build = {
  routes,
  assets: { version: '1', url: '/m.js', entry: { module: '/e.js', imports: [] }, routes },
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
} as unknown as ServerBuild;

it('leaves out the console and its pages, keeping the other routes in their order', () => {
  const kept = ['root', 'layouts/default', 'routes/home', 'routes/notice.detail', 'routes/notice', 'routes/user', 'routes/user.appeal.$id', 'routes/$', 'layouts/auth', 'routes/auth.login'];
  const publicBuild = withoutConsoleRoutes(build);
  expect(Object.keys(publicBuild.routes)).toEqual(kept);
  expect(Object.keys(publicBuild.assets.routes)).toEqual(kept);
  expect(publicBuild.assets.version).toBe('1');
  // the build itself is left whole for the console
  expect(Object.keys(build.routes)).toHaveLength(table.length);
});

it('sends every path React Router could match to a console route, and route discovery, to the whole table', () => {
  const all = (path: string) => needsAllRoutes(new URL(path, 'http://localhost'), build);
  for (const path of ['/console', '/console/', '/console.data', '/console/login', '/console/appeal/3?x=1', '/Console/Login', '/%63onsole/login', '/__manifest?paths=%2Fconsole&version=1']) expect(all(path), path).toBe(true);
  for (const path of ['/', '/notice', '/notice.data', '/_root.data', '/user/appeal/3', '/auth/login', '/nope', '/%E0%A4%A']) expect(all(path), path).toBe(false);
});

it("names the routes a document matches and those its manifest names: the matches of '/' and of each parent path", () => {
  const idsOf = documentRouteIds(withoutConsoleRoutes(build));
  const home = ['root', 'layouts/default', 'routes/home'];
  expect(idsOf('/')).toEqual(home);
  expect(idsOf('/notice')).toEqual(['root', 'layouts/default', 'routes/notice', 'routes/home']);
  expect(idsOf('/notice/detail')).toEqual(['root', 'layouts/default', 'routes/notice.detail', 'routes/home', 'routes/notice']);
  // matched as React Router matches: decoded, ignoring case and a trailing slash
  expect(idsOf('/NOTICE/')).toEqual(idsOf('/notice'));
  expect(idsOf('/%6Eotice')).toEqual(idsOf('/notice'));
  expect(idsOf('/user/appeal/3')).toEqual(['root', 'layouts/default', 'routes/user', 'routes/user.appeal.$id', 'routes/home', 'routes/$']);
  expect(idsOf('/nope/deeper')).toEqual(['root', 'layouts/default', 'routes/$', 'routes/home']);
  // asked again, the same answer
  expect(idsOf('/notice')).toEqual(idsOf('/notice'));
});
