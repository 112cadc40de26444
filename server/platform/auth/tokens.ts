import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

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

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

export function createTokenSigner(secret: string) {
  const key = createHash('sha256').update(`access-token:${secret}`).digest();

  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ ent: claims.enterpriseId, nick: claims.nickName, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TTL_SECONDS)
        .sign(key);
    },

    async verify(token: string): Promise<VerifyResult> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return { ok: false, expired: false };
        return {
          ok: true,
          claims: {
            userId,
            enterpriseId: typeof payload.ent === 'number' ? payload.ent : null,
            nickName: typeof payload.nick === 'string' ? payload.nick : '',
            sid: payload.sid,
          },
        };
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

/**
 * Two requests may present the same refresh token at once (parallel page loads after the access
 * token expired). The winner's new pair is kept for a few seconds, encrypted with a key only the
 * holder of the old token can derive, so the others get the same pair instead of a false "reuse".
 */
function successorKey(oldToken: string) {
  return createHash('sha256').update(`successor:${oldToken}`).digest();
}

export function sealSuccessor(oldToken: string, pair: { access_token: string; refresh_token: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(oldToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function openSuccessor(oldToken: string, sealed: string): { access_token: string; refresh_token: string } | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', successorKey(oldToken), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'));
  } catch {
    return null;
  }
}
