import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Kv } from '#server/platform/store/kv.ts';
import { createSuccessors, RACE_GRACE_SECONDS } from '#server/platform/auth/successor.ts';
import { verifiedTokens } from '#server/platform/auth/verified-tokens.ts';
import { hashToken, newFamilyId, newRefreshToken } from '#server/platform/auth/tokens.ts';

/**
 * Staff sessions (docs/decisions.md "Staff console"). The access token is a JWT of its own
 * audience and key, so an enterprise token never verifies here nor a staff token there. The
 * session itself lives in the kv store with a 15-minute TTL that every authenticated request
 * renews: that TTL is the idle limit, enforced by the server whatever the browser does.
 */
export const CONSOLE_IDLE_MINUTES = 15;
export const CONSOLE_ACCESS_TTL_SECONDS = 15 * 60;
/** However active, a staff session ends after a working day. */
export const CONSOLE_SESSION_MAX_SECONDS = 12 * 3600;
const AUDIENCE = 'portal-console';
const ISSUER = 'portal';

interface StoredSession {
  staffId: number;
  epoch: number;
  refreshHash: string;
  /** The token the current one replaced: within the grace period it gets the current pair again. */
  prevHash: string | null;
  expiresAt: number;
}

export interface ConsoleTokens {
  access_token: string;
  refresh_token: string;
  sid: string;
}

export interface ConsoleClaims {
  staffId: number;
  epoch: number;
  sid: string;
}

const sessionKey = (sid: string) => `console:session:${sid}`;
/** When a refresh token was spent: set once, so only its first use mints a pair. */
const spentKey = (hash: string) => `console:spent:${hash}`;
const idleSeconds = CONSOLE_IDLE_MINUTES * 60;
/** Verified access tokens kept per process (the oldest go first): a few hundred staff at most. */
const VERIFIED_TOKENS = 1000;

export function createConsoleSessions(kv: Kv, secret: string) {
  // Imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify, which
  // cost more than the HMAC itself (0.17 against 0.05 ms of CPU per console request).
  const key = crypto.subtle.importKey('raw', createHash('sha256').update(`console-access-token:${secret}`).digest(), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const successors = createSuccessors(kv, 'console:succ:');
  const refreshKey = createHash('sha256').update(`console-refresh-token:${secret}`).digest();

  /**
   * Refresh tokens are `sid.random.mac`: the session id lets rotate() find the session, and the
   * MAC proves the server issued the token for that session. Only such a token, presented when
   * it is no longer current, is a replay that ends the session; a made-up token carrying a leaked
   * session id is merely refused, so knowing a sid is not enough to end someone's session.
   */
  const refreshMac = (body: string) => createHmac('sha256', refreshKey).update(body).digest('base64url');

  /** The session id of a refresh token this server issued, or null. */
  function refreshSid(token: string): string | null {
    const parts = token.split('.');
    if (parts.length !== 3 || !/^[0-9a-f]{32}$/.test(parts[0])) return null;
    const given = Buffer.from(parts[2]);
    const expected = Buffer.from(refreshMac(`${parts[0]}.${parts[1]}`));
    return given.length === expected.length && timingSafeEqual(given, expected) ? parts[0] : null;
  }

  async function sign(c: ConsoleClaims): Promise<string> {
    return new SignJWT({ sid: c.sid, epc: c.epoch })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(c.staffId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + CONSOLE_ACCESS_TTL_SECONDS)
      .sign(await key);
  }

  const verified = verifiedTokens<ConsoleClaims>(VERIFIED_TOKENS);

  async function verify(token: string): Promise<ConsoleClaims | null> {
    const known = verified.get(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const staffId = Number(payload.sub);
      if (!Number.isSafeInteger(staffId) || typeof payload.sid !== 'string' || typeof payload.epc !== 'number') return null;
      const claims = { staffId, epoch: payload.epc, sid: payload.sid };
      verified.set(token, claims, payload.exp);
      return claims;
    } catch (err) {
      if (err instanceof errors.JOSEError) return null;
      throw err;
    }
  }

  async function save(sid: string, s: StoredSession) {
    const left = Math.floor((s.expiresAt - Date.now()) / 1000);
    await kv.set(sessionKey(sid), JSON.stringify(s), Math.max(1, Math.min(idleSeconds, left)));
  }

  async function load(sid: string): Promise<StoredSession | null> {
    const raw = await kv.get(sessionKey(sid));
    const s = raw ? (JSON.parse(raw) as StoredSession) : null;
    return s && s.expiresAt > Date.now() ? s : null;
  }

  async function pair(staffId: number, epoch: number, sid: string): Promise<{ tokens: ConsoleTokens; refreshHash: string }> {
    const body = `${sid}.${newRefreshToken()}`;
    const refresh = `${body}.${refreshMac(body)}`;
    return { tokens: { access_token: await sign({ staffId, epoch, sid }), refresh_token: refresh, sid }, refreshHash: hashToken(refresh) };
  }

  async function replayed(sid: string, s: StoredSession) {
    await kv.del(sessionKey(sid));
    return { reused: s.staffId };
  }

  return {
    async start(staffId: number, epoch: number): Promise<ConsoleTokens> {
      const sid = newFamilyId();
      const { tokens, refreshHash } = await pair(staffId, epoch, sid);
      await save(sid, { staffId, epoch, refreshHash, prevHash: null, expiresAt: Date.now() + CONSOLE_SESSION_MAX_SECONDS * 1000 });
      return tokens;
    },

    /**
     * The claims of a live session, renewing its idle limit; null when the token is bad or
     * expired, or the session ended (logout, idle, another epoch).
     */
    async authenticate(token: string): Promise<ConsoleClaims | null> {
      const claims = await verify(token);
      if (!claims) return null;
      const s = await load(claims.sid);
      if (!s || s.staffId !== claims.staffId || s.epoch !== claims.epoch) return null;
      await save(claims.sid, s);
      return claims;
    },

    /** The session a token names even when expired or ended (for logout). */
    async sidOf(token: string): Promise<string | null> {
      const claims = await verify(token);
      return claims ? claims.sid : refreshSid(token);
    },

    /**
     * A new pair for a refresh token. Presented again within the grace period (parallel tabs) it
     * gets the pair its first use made, never another; later, or an older token, it was stolen
     * or replayed: the session ends.
     */
    async rotate(refreshToken: string): Promise<(ConsoleTokens & { staffId: number; epoch: number }) | { reused: number } | null> {
      const sid = refreshSid(refreshToken);
      if (!sid) return null;
      const s = await load(sid);
      if (!s) return null;
      const hash = hashToken(refreshToken);
      const who = { staffId: s.staffId, epoch: s.epoch };
      if (hash !== s.refreshHash && hash !== s.prevHash) return replayed(sid, s);
      if (hash === s.refreshHash && (await kv.setIfAbsent(spentKey(hash), String(Date.now()), RACE_GRACE_SECONDS + 5))) {
        const { tokens, refreshHash } = await pair(s.staffId, s.epoch, sid);
        await successors.keep(refreshToken, tokens);
        await save(sid, { ...s, refreshHash, prevHash: hash });
        return { ...tokens, ...who };
      }
      const spentAt = Number(await kv.get(spentKey(hash)));
      if (!spentAt || Date.now() - spentAt > RACE_GRACE_SECONDS * 1000) return replayed(sid, s);
      const given = await successors.of(refreshToken);
      return given ? { ...given, sid, ...who } : null;
    },

    async end(sid: string): Promise<void> {
      await kv.del(sessionKey(sid));
    },
  };
}
export type ConsoleSessions = ReturnType<typeof createConsoleSessions>;
