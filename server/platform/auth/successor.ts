import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kv } from '#server/platform/store/kv.ts';
import { hashToken } from './tokens.ts';

/** A refresh token presented again this soon after its rotation is a parallel request, not a theft. */
export const RACE_GRACE_SECONDS = 20;

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** A key only the holder of the old token can derive: the kv store never holds a usable pair. */
function sealKey(oldToken: string) {
  return createHash('sha256').update(`successor:${oldToken}`).digest();
}

function seal(oldToken: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(oldToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify({ access_token: pair.access_token, refresh_token: pair.refresh_token }), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function open(oldToken: string, sealed: string): TokenPair | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', sealKey(oldToken), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * The pair a refresh token was exchanged for, kept through the grace period (enterprise and staff
 * sessions alike). Parallel requests with the same token (page loads after the access token
 * expired) get that same pair instead of a false "reuse"; a spent token never mints another.
 */
export function createSuccessors(kv: Kv, prefix: string) {
  const keyOf = (token: string) => `${prefix}${hashToken(token)}`;
  return {
    keep: (oldToken: string, pair: TokenPair) => kv.set(keyOf(oldToken), seal(oldToken, pair), RACE_GRACE_SECONDS + 5),

    /** The kept pair, waiting up to a second for a parallel request that is still writing it. */
    async of(oldToken: string): Promise<TokenPair | null> {
      for (let attempt = 0; attempt < 20; attempt++) {
        const sealed = await kv.get(keyOf(oldToken));
        if (sealed) return open(oldToken, sealed);
        await new Promise((r) => setTimeout(r, 50));
      }
      return null;
    },
  };
}
