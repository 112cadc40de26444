/**
 * Spec §4: without a token on a protected page, the visitor goes to /auth/login with the original
 * full path URL-encoded in redirect_uri; if that path already holds redirect_uri, to plain
 * /auth/login (no redirect chains).
 */
export function loginUrl(fullPath: string): string {
  return fullPath.includes('redirect_uri') ? '/auth/login' : `/auth/login?redirect_uri=${encodeURIComponent(fullPath)}`;
}
