import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '#contract/account.ts';
import { isConsolePath } from '#contract/staff.ts';
import { isApiPath, STATIC_FILE } from '#server/platform/http/request-paths.ts';
import { bearerToken, clearSessionCookies, clientOf, setSessionCookies } from './cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** How the request authenticated: a bearer header, the cookie, or not at all. */
    authVia: 'bearer' | 'cookie' | null;
    /** The session (refresh family) of the access token, when valid. */
    sessionId: string | null;
  }
}

/**
 * Fills `request.user` from `Authorization: Bearer` or the `web_access_token` cookie. A page
 * request whose access token has expired but that carries a refresh cookie rotates both during
 * SSR, so the page renders logged in. Marks every authenticated response `Cache-Control: no-store`.
 * Registered before every route, so a route's own checks always see the user.
 */
export const authHook = fp(
  async function auth(app: FastifyInstance) {
    const { sessions } = app.services;
    const config = app.config;
    app.decorateRequest('authVia', null);
    app.decorateRequest('sessionId', null);

    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0];
      // Built assets and public files: no session to look at, and their long-lived caching stays.
      // The console never reads enterprise tokens (console-auth.plugin.ts authenticates staff there).
      if (STATIC_FILE.test(path) || isConsolePath(path)) return;
      const bearer = bearerToken(request);
      const token = bearer ?? request.cookies[ACCESS_COOKIE];
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
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.user || request.authVia) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'accounts-auth' },
);
