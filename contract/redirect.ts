/** A made-up origin to parse against: only a target that stays on it is a path of this site. */
const SITE = 'https://portal.invalid';

/**
 * Where to go back to after logging in (`redirect_uri`): a path of this site, or `fallback`.
 * One function for the server's redirects (loaders answering 302) and the pages' navigation.
 *
 * The target is parsed as a browser would, against the site's origin, and kept only when it
 * stays on that origin; what is returned is the parsed path, so the string checked is the string
 * followed. Tabs and newlines (which browsers silently drop: `/\t/evil.example` becomes
 * `//evil.example`), other control characters and backslashes (which browsers read as `/`) are
 * refused rather than cleaned, as is a path whose decoded form starts with `//` (an encoded
 * slash that a later step might decode).
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (url.pathname.startsWith('//') || decoded.startsWith('//') || decoded.includes('\\')) return fallback;
  return url.pathname + url.search + url.hash;
}
