import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { verifiedTokens } from './verified-tokens.ts';

/**
 * The two tokens of a session (docs/decisions.md "Accounts and sessions"):
 * - access: a JWT (HS256) valid 15 minutes, checked without the database;
 * - refresh: 32 random bytes, only their SHA-256 is stored, rotated on every use.
 */
export const ACCESS_TTL_SECONDS = 15 * 60;
export const SESSION_MAX_SECONDS = 7 * 24 * 3600;
const ISSUER = 'portal';
const AUDIENCE = 'portal-web';

export interface AccessClaims {
  userId: number;
  enterpriseId: number | null;
  nickName: string;
  /** The session (refresh token family) this token belongs to; logout revokes it. */
  sid: string;
}

/** Verified access tokens kept per process: the enterprises signed in within a token's 15 minutes. */
const VERIFIED_TOKENS = 2000;

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

export function createTokenSigner(secret: string) {
  // Imported once, as the console's key: given raw bytes, jose imports a WebCrypto key on every sign and verify.
  const key = crypto.subtle.importKey('raw', createHash('sha256').update(`access-token:${secret}`).digest(), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verified = verifiedTokens<AccessClaims>(VERIFIED_TOKENS);

  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ ent: claims.enterpriseId, nick: claims.nickName, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TTL_SECONDS)
        .sign(await key);
    },

    async verify(token: string): Promise<VerifyResult> {
      const known = verified.get(token);
      if (known) return { ok: true, claims: known };
      try {
        const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return { ok: false, expired: false };
        const claims = {
          userId,
          enterpriseId: typeof payload.ent === 'number' ? payload.ent : null,
          nickName: typeof payload.nick === 'string' ? payload.nick : '',
          sid: payload.sid,
        };
        verified.set(token, claims, payload.exp);
        return { ok: true, claims };
      } catch (err) {
        return { ok: false, expired: err instanceof errors.JWTExpired };
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const newFamilyId = () => randomBytes(16).toString('hex');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
