import { createHttpClient } from '#app/lib/http.ts';

/** Where someone who must change the password first is sent. */
export const PASSWORD_PATH = '/console/password';

/** The console's login page, coming back here afterwards. */
export function consoleLoginUrl(fullPath: string, reason?: 'idle'): string {
  const back = fullPath.startsWith('/console') && !fullPath.startsWith('/console/login') ? `redirect_uri=${encodeURIComponent(fullPath)}` : '';
  const query = [back, reason ? `reason=${reason}` : ''].filter(Boolean).join('&');
  return `/console/login${query ? `?${query}` : ''}`;
}

/** Listeners told of every call (the idle timer restarts, as the server's limit does). */
const activity = new Set<() => void>();
export function onConsoleActivity(listener: () => void): () => void {
  activity.add(listener);
  return () => activity.delete(listener);
}

/**
 * The console's one HTTP client (`/console/api`): the portal's envelope rules, its own cookies
 * (path /console), one refresh through `/console/api/auth/refresh`, failing that the console's
 * login page.
 */
export const consoleHttp = createHttpClient({
  baseURL: '/console/api/',
  refreshPath: 'auth/refresh',
  loginUrl: (back) => consoleLoginUrl(back),
  onRequest: () => activity.forEach((l) => l()),
});
