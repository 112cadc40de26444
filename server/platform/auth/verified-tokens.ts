/**
 * Access tokens whose signature was checked, with their claims, until they expire: a session makes
 * many requests with one token, and jose's check through WebCrypto (a job on the thread pool)
 * costs more than the rest of reading the token. A forged or altered token is another string and
 * is never found here; what ends a session early (logout, idle, a new epoch) is read by the caller
 * on every request, never kept here. Past `max` tokens the oldest go first.
 */
export function verifiedTokens<C>(max: number) {
  const kept = new Map<string, { claims: C; expiresAt: number }>();
  return {
    /** The claims of a token checked before and not yet expired. */
    get(token: string): C | undefined {
      const known = kept.get(token);
      if (!known) return undefined;
      if (known.expiresAt > Date.now()) return known.claims;
      kept.delete(token);
      return undefined;
    },
    /** Keeps a token just checked, until `exp` (seconds since the epoch, as in the JWT). */
    set(token: string, claims: C, exp: number | undefined): void {
      kept.set(token, { claims, expiresAt: (exp ?? 0) * 1000 });
      if (kept.size > max) kept.delete(kept.keys().next().value!);
    },
  };
}
