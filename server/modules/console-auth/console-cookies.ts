import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import { CONSOLE_ACCESS_COOKIE, CONSOLE_COOKIE_PATH, CONSOLE_REFRESH_COOKIE } from '#contract/staff.ts';
import { secure } from '#server/platform/auth/cookies.ts';
import { CONSOLE_ACCESS_TTL_SECONDS, CONSOLE_SESSION_MAX_SECONDS } from './console-session.ts';

/**
 * The console's cookies: Path=/console, HttpOnly, SameSite=Lax, Secure on HTTPS. The enterprise
 * pages never send them, and the console never reads the enterprise ones.
 *
 * Each is set a second time for Path=/console.data: React Router fetches the data of the console's
 * index page from `/console.data`, which a Path=/console cookie does not match (the character
 * after the prefix must be a slash), so without the twin every client navigation to the dashboard
 * would arrive signed out.
 */
const PATHS = [CONSOLE_COOKIE_PATH, `${CONSOLE_COOKIE_PATH}.data`];

/**
 * The access token once more, for the file download call alone: content files stay private until
 * their record is published, and the console's editor and preview load them from the public
 * download address (files.routes.ts). No other public address ever receives it.
 */
export const CONSOLE_FILES_COOKIE = 'console_files_token';
export const CONSOLE_FILES_PATH = '/uaa/api/download/file';

export function setConsoleCookies(request: FastifyRequest, reply: FastifyReply, config: Config, tokens: { access_token: string; refresh_token: string }) {
  for (const path of PATHS) {
    const base = { path, sameSite: 'lax' as const, secure: secure(request, config), httpOnly: true };
    reply.setCookie(CONSOLE_ACCESS_COOKIE, tokens.access_token, { ...base, maxAge: CONSOLE_ACCESS_TTL_SECONDS });
    reply.setCookie(CONSOLE_REFRESH_COOKIE, tokens.refresh_token, { ...base, maxAge: CONSOLE_SESSION_MAX_SECONDS });
  }
  reply.setCookie(CONSOLE_FILES_COOKIE, tokens.access_token, { path: CONSOLE_FILES_PATH, sameSite: 'lax', secure: secure(request, config), httpOnly: true, maxAge: CONSOLE_ACCESS_TTL_SECONDS });
}

export function clearConsoleCookies(request: FastifyRequest, reply: FastifyReply, config: Config) {
  for (const path of PATHS) {
    const base = { path, sameSite: 'lax' as const, secure: secure(request, config), httpOnly: true };
    for (const name of [CONSOLE_ACCESS_COOKIE, CONSOLE_REFRESH_COOKIE]) reply.clearCookie(name, base);
  }
  reply.clearCookie(CONSOLE_FILES_COOKIE, { path: CONSOLE_FILES_PATH, sameSite: 'lax', secure: secure(request, config), httpOnly: true });
}
