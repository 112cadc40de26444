import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '#contract/account.ts';
import { isConsolePath } from '#contract/staff.ts';
import type { Config } from '#server/config.ts';
import { bearerToken } from '#server/platform/auth/cookies.ts';
import { forbidden } from './errors.ts';
import { STATIC_FILE } from './request-paths.ts';
import { isOwnUrl } from './site-origin.ts';

export const FOREIGN_WRITE_MESSAGE = '请求来源不可信，已拒绝。请在本站页面内操作';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request was sent by the site's own pages: its `Origin` is this site, or, where a
 * browser sends no Origin (a same-origin GET), `Sec-Fetch-Site: same-origin`. Everything else is
 * refused: another origin or `null`, a sibling subdomain (`same-site`), and a request that shows
 * neither header, which no current browser sends for a write from a page (fetch and form posts
 * carry Origin), so it is a script replaying stolen cookies or a very old browser.
 */
export function fromOwnPages(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin) return isOwnUrl(request, config, origin);
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** Whether a request shows that it came from elsewhere: another origin, or a cross-site or sibling-site fetch. */
function fromElsewhere(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin) return !isOwnUrl(request, config, origin);
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/**
 * The one check of cookie-authenticated requests that change state, for enterprise and staff
 * sessions alike (403 in the envelope). A write (any method but GET/HEAD/OPTIONS) riding on one of
 * `cookies` must come from the site's own pages. The few GETs that change state (logout, which
 * docs/product.md §7 fixes as a GET) are refused only when they show they came from elsewhere: a same-origin
 * GET carries no Origin, and browsers before Sec-Fetch-Site (Safari before 16.4) would otherwise
 * be unable to log out. A bearer header cannot be sent by another site on its own: not checked.
 */
export function refuseForeignCookieWrite(request: FastifyRequest, config: Config, cookies: readonly string[], stateChangingGets: readonly string[]) {
  if (bearerToken(request) || !cookies.some((name) => request.cookies[name])) return;
  const write = !SAFE_METHODS.has(request.method);
  if (!write && !stateChangingGets.includes(request.url.split('?')[0])) return;
  if (write ? !fromOwnPages(request, config) : fromElsewhere(request, config)) throw forbidden(FOREIGN_WRITE_MESSAGE);
}

/** GET calls that change state (docs/product.md §7 fixes logout as a GET). */
const STATE_CHANGING_GETS = ['/fykj/logout', '/uaa/api/ua/login/sso/logout'];
const SESSION_COOKIES = [ACCESS_COOKIE, REFRESH_COOKIE];

/** The check for enterprise sessions; the console's gate makes it for staff sessions. Runs after the auth hook. */
export const crossSiteHook = fp(
  async function crossSite(app: FastifyInstance) {
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0];
      if (STATIC_FILE.test(path) || isConsolePath(path)) return;
      refuseForeignCookieWrite(request, app.config, SESSION_COOKIES, STATE_CHANGING_GETS);
    });
  },
  { name: 'cross-site', dependencies: ['accounts-auth'] },
);
