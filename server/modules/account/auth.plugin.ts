import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '#contract/account.ts';
import { forbidden } from '#server/platform/errors.ts';
import { isApiPath } from '#server/platform/react-router.ts';
import { bearerToken, clearSessionCookies, clientOf, setSessionCookies } from './cookies.ts';
import { isOwnUrl } from './site-origin.ts';
import { purgeAudit } from './audit.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** How the request authenticated: a bearer header, the cookie, or not at all. */
    authVia: 'bearer' | 'cookie' | null;
    /** The session (refresh family) of the access token, when valid. */
    sessionId: string | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET calls that change state (spec §7 fixes logout as a GET). */
const STATE_CHANGING_GETS = ['/fykj/logout', '/uaa/api/ua/login/sso/logout'];
/** A file name with an extension, except React Router's `.data` requests, which are pages. */
const STATIC_FILE = /\.(?!data$)[A-Za-z0-9]{1,8}$/;

/**
 * Fills `request.user` from `Authorization: Bearer` or the `web_access_token` cookie. A page
 * request whose access token has expired but that carries a refresh cookie rotates both during
 * SSR, so the page renders logged in. Refuses cookie-authenticated writes from a foreign origin,
 * and marks every authenticated response `Cache-Control: no-store`.
 */
export const authPlugin = fp(
  async function auth(app: FastifyInstance) {
    const { sessions } = app.services;
    const config = app.config;
    app.decorateRequest('authVia', null);
    app.decorateRequest('sessionId', null);

    /** Origin decides when present (browsers send it on every cross-origin write); else Sec-Fetch-Site. */
    function isForeign(request: FastifyRequest): boolean {
      const origin = request.headers.origin;
      if (typeof origin === 'string' && origin) return !isOwnUrl(request, config, origin);
      return request.headers['sec-fetch-site'] === 'cross-site';
    }

    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0];
      // Built assets and public files: no session to look at, and their long-lived caching stays.
      if (STATIC_FILE.test(path)) return;
      const bearer = bearerToken(request);
      const cookieToken = request.cookies[ACCESS_COOKIE];
      const token = bearer ?? cookieToken;
      if (token) {
        const { user, sid } = await sessions.authenticate(token);
        if (user) {
          request.user = user;
          request.authVia = bearer ? 'bearer' : 'cookie';
          request.sessionId = sid;
        }
      }
      const refresh = request.cookies[REFRESH_COOKIE];
      if (!request.user && !bearer && refresh && request.method === 'GET' && !isApiPath(path)) {
        const session = await sessions.rotate(refresh, clientOf(request));
        if (session) {
          setSessionCookies(request, reply, config, session);
          request.user = session.user;
          request.authVia = 'cookie';
          request.sessionId = session.sid;
        } else {
          clearSessionCookies(request, reply, config);
        }
      }

      const usesCookies = !bearer && (!!cookieToken || !!refresh);
      const changesState = !SAFE_METHODS.has(request.method) || STATE_CHANGING_GETS.includes(path);
      if (usesCookies && changesState && isForeign(request)) {
        throw forbidden('请求来源不可信，已拒绝。请在本站页面内操作');
      }
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.user || request.authVia) reply.header('cache-control', 'no-store');
    });

    // Audit rows past retention and long-dead refresh tokens go at start-up and daily.
    const purge = async () => {
      try {
        await purgeAudit(app.db);
        await sessions.purgeExpired();
      } catch (err) {
        app.log.error({ err }, 'purging audit rows and expired sessions failed');
      }
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      await purge();
      timer = setInterval(purge, 24 * 3600_000).unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'accounts-auth' },
);
