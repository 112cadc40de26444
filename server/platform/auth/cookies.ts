import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '#contract/account.ts';
import { ACCESS_TTL_SECONDS } from './tokens.ts';

/**
 * Session cookies (docs/api.md "Auth", docs/product.md §9): `web_access_token` and `web_refresh_token`, Path=/,
 * SameSite=Lax, HttpOnly, Secure on HTTPS. `web_idle_at` (readable by the page, holds no secret)
 * tells the idle-timeout dialog when the session ends if nothing happens.
 */
export const IDLE_COOKIE = 'web_idle_at';

export function secure(request: FastifyRequest, config: Config) {
  return request.protocol === 'https' || !!config.publicBaseUrl?.startsWith('https:');
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  session: { access_token: string; refresh_token: string; idleExpiresAt: string; expiresAt: string },
) {
  const base = { path: '/', sameSite: 'lax' as const, secure: secure(request, config) };
  const untilEnd = Math.max(1, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000));
  reply.setCookie(ACCESS_COOKIE, session.access_token, { ...base, httpOnly: true, maxAge: ACCESS_TTL_SECONDS });
  reply.setCookie(REFRESH_COOKIE, session.refresh_token, { ...base, httpOnly: true, maxAge: untilEnd });
  reply.setCookie(IDLE_COOKIE, String(Date.parse(session.idleExpiresAt)), { ...base, httpOnly: false, maxAge: untilEnd });
}

/** Only the access cookie (a re-signed token after a profile change). */
export function setAccessCookie(request: FastifyRequest, reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(ACCESS_COOKIE, token, { path: '/', sameSite: 'lax', secure: secure(request, config), httpOnly: true, maxAge: ACCESS_TTL_SECONDS });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config) {
  const base = { path: '/', sameSite: 'lax' as const, secure: secure(request, config) };
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE, IDLE_COOKIE]) reply.clearCookie(name, base);
}

/** Who is asking: kept with every audit row and used for the per-address limits. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}

/** `Authorization: Bearer <token>`, else null. */
export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m ? m[1] : null;
}
