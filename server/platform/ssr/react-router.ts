import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { isConsolePath } from '#contract/staff.ts';
import { careModeOf } from '#contract/care-mode.ts';
import { hasSessionCookie, isAnonymous, PageCache, type RenderedPage } from '../page-cache/page-cache.ts';
import { hitWriter, sendCached, sendRendered } from '../page-cache/page-reply.ts';
import { inlineScriptHashes, newNonce, withScriptSources } from '../http/csp.ts';
import { frontHeaders } from '../http/front-door.ts';
import { isApiPath } from '../http/request-paths.ts';
import { isOutage } from '../outage.ts';

export type { RenderedPage } from '../page-cache/page-cache.ts';

/** What app/entry.server.tsx answers for a document: the page's bytes in `document`, the body empty. */
export type DocumentResponse = Response & { document?: Buffer };

const buildDir = path.resolve('build');

/** Request headers a page for everyone must not depend on (the cache renders without them). */
const PRIVATE_HEADERS = new Set(['cookie', 'authorization', 'if-none-match', 'if-modified-since']);
const RENDER_TIMEOUT_MS = 15_000;

/**
 * The Fastify request as a Fetch request for React Router. `shared`: a render for the page cache,
 * made as a GET without the visitor's cookies, and given up after a timeout (others wait for it).
 * A visitor's own render gets no signal of ours: undici's Request follows a given signal through a
 * WeakRef, a finalizer and an abort listener, ~20 µs of a render's main thread (docs/decisions.md,
 * "A visitor's render follows no abort signal"), and nothing in a document stops early for one. The
 * loaders' queries are short and React renders in one go, so a visitor who leaves costs at most the
 * rest of one render.
 */
function toWebRequest(request: FastifyRequest, url: URL, shared: boolean): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(request.raw.headers)) {
    if (v === undefined || (shared && PRIVATE_HEADERS.has(k))) continue;
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else headers.set(k, v);
  }
  if (shared) return new Request(url, { method: 'GET', headers, signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
  return new Request(url, { method: request.method, headers });
}

export interface ReactRouterOptions {
  /** The load context of one request's render (server/page-context.ts): the platform renders, the app says what loaders get. */
  loadContext: (request: FastifyRequest) => Promise<object>;
  /** Part of every page-cache key: bumped by every change of what the public sees (page-cache/content-version.ts). */
  contentVersion: () => Promise<string>;
}

export const reactRouterPlugin = fp(async function reactRouter(app: FastifyInstance, { loadContext, contentVersion }: ReactRouterOptions) {
  const dev = app.config.env === 'development';
  let getBuild: () => Promise<ServerBuild>;

  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    app.addHook('onClose', async () => vite.close());
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiPath(request.url)) return done();
      vite.middlewares(request.raw, reply.raw, () => done());
    });
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const serverEntry = path.join(buildDir, 'server/index.js');
    if (!existsSync(serverEntry)) throw new Error('找不到页面构建产物 build/server/index.js，请先运行 npm run build');
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    getBuild = async () => build;
    // Hashed assets never change: cache them for a year. Other public files for an hour.
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
      preCompressed: true,
    });
  }

  const mode = dev ? 'development' : 'production';
  const sitePolicy = app.frontDoor.options.securityHeaders['content-security-policy'];
  // Part of every cache key: a page stored by another build names other assets and carries no policy for its scripts.
  const buildVersion = dev ? 'dev' : (await getBuild()).assets.version;
  /** One handler per build (dev: per source change). */
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  function handlerFor(build: ServerBuild) {
    let handler = handlers.get(build);
    if (!handler) handlers.set(build, (handler = createRequestHandler(build, mode)));
    return handler;
  }

  /** Renders one page to a complete buffer (the page cache compresses and stores these). */
  async function render(request: FastifyRequest, shared = false): Promise<RenderedPage> {
    const build = await getBuild();
    const cspNonce = shared ? undefined : newNonce();
    const failures: unknown[] = [];
    const context = { ...(await loadContext(request)), cspNonce, failures };
    const url = new URL(request.url, `${request.protocol}://${request.host || 'localhost'}`);
    const webRequest = toWebRequest(request, url, shared);
    const handler = handlerFor(build);
    const response: DocumentResponse = await handler(webRequest, context as unknown as AppLoadContext);
    if (failures.some((err) => isOutage(err))) request.renderMetOutage = true;
    const headers: [string, string][] = [];
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') headers.push([key, value]);
    });
    for (const c of response.headers.getSetCookie()) headers.push(['set-cookie', c]);
    const body = response.document ?? Buffer.from(await response.arrayBuffer());
    // The page's own policy replaces the reply's (see http/csp.ts): a nonce, or the hashes of a shared render.
    // Built on the site's policy, not the reply's: a background re-render of a stale page runs after
    // its reply has taken the stored page's policy, whose hashes would be listed twice.
    const html = response.headers.get('content-type')?.startsWith('text/html');
    const scripts = cspNonce ? [`'nonce-${cspNonce}'`] : html ? inlineScriptHashes(body) : [];
    headers.push(['content-security-policy', withScriptSources(sitePolicy, scripts)]);
    return { status: response.status, headers, body };
  }

  // Dev renders follow source edits, so only the built app caches pages.
  const cache = app.config.enableCache && !dev ? new PageCache({ kv: app.kv, cacheVersion: async () => `${buildVersion}.${await contentVersion()}`, log: app.log }) : null;

  const pageHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) return reply.code(404).send({ code: 404, msg: '您访问的接口不存在', data: null });
    const anonymous = isAnonymous(request);
    // Console pages are never shared: they depend on the staff member, even the login page's redirect.
    const cacheable = cache !== null && anonymous && !isConsolePath(request.url.split('?')[0]) && (request.method === 'GET' || request.method === 'HEAD');
    // Care mode renders a different document, so it is a different entry of the cache.
    const key = cacheable ? await cache.keyOf(request.url, careModeOf(request.headers.cookie) ? 'care' : null) : null;
    if (!key) return sendRendered(request, reply, await render(request), { session: !anonymous, state: cache ? 'BYPASS' : undefined });

    const renderShared = () => render(request, true);
    const hit = await cache!.get(key);
    if (hit) {
      const stale = hit.freshUntil <= Date.now();
      if (stale) cache!.revalidate(key, renderShared, (err) => request.log.error({ err, url: request.url }, '页面缓存后台刷新失败'));
      return sendCached(request, reply, hit, stale ? 'STALE' : 'HIT');
    }
    const filled = await cache!.fill(key, renderShared);
    if ('page' in filled) return sendCached(request, reply, filled.page, 'MISS');
    return sendRendered(request, reply, filled.render, { session: false, state: 'MISS' });
  };
  app.get('/*', { schema: { hide: true } }, pageHandler);

  if (cache) {
    // The hits of pageHandler, answered before Fastify: the same conditions, on the raw request.
    // Only URLs pageHandler stored can be found, so no other route is ever shadowed.
    const writeHit = hitWriter(app.frontDoor);
    app.frontDoor.use((req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url!;
      const h = frontHeaders(req.rawHeaders);
      if (!h) return false;
      const cookie = h.cookie;
      if (h.authorization || (cookie && hasSessionCookie(cookie)) || isApiPath(url)) return false;
      const q = url.indexOf('?');
      if (isConsolePath(q < 0 ? url : url.slice(0, q))) return false;
      const page = cache.peek(url, careModeOf(cookie) ? 'care' : null);
      if (!page) return false;
      writeHit(req, res, h, page);
      return true;
    });
  }
});
