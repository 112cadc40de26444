import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '#contract/account.ts';
import { isConsolePath } from '#contract/staff.ts';
import { STATIC_FILE } from '#server/platform/auth/auth-hook.ts';
import { bearerToken } from '#server/platform/auth/cookies.ts';
import { forbidden } from './errors.ts';
import { isOwnUrl } from './site-origin.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET calls that change state (spec §7 fixes logout as a GET). */
const STATE_CHANGING_GETS = ['/fykj/logout', '/uaa/api/ua/login/sso/logout'];

/**
 * Refuses cookie-authenticated writes from a foreign origin (a bearer header cannot be sent by
 * another site, so it needs no check). Runs after the auth hook, in the same order as before.
 */
export const crossSiteHook = fp(
  async function crossSite(app: FastifyInstance) {
    const config = app.config;

    /** Origin decides when present (browsers send it on every cross-origin write); else Sec-Fetch-Site. */
    function isForeign(request: FastifyRequest): boolean {
      const origin = request.headers.origin;
      if (typeof origin === 'string' && origin) return !isOwnUrl(request, config, origin);
      return request.headers['sec-fetch-site'] === 'cross-site';
    }

    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0];
      if (STATIC_FILE.test(path) || isConsolePath(path)) return;
      const usesCookies = !bearerToken(request) && (!!request.cookies[ACCESS_COOKIE] || !!request.cookies[REFRESH_COOKIE]);
      const changesState = !SAFE_METHODS.has(request.method) || STATE_CHANGING_GETS.includes(path);
      if (usesCookies && changesState && isForeign(request)) {
        throw forbidden('请求来源不可信，已拒绝。请在本站页面内操作');
      }
    });
  },
  { name: 'cross-site', dependencies: ['accounts-auth'] },
);
