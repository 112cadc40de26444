import type { AuthUser } from '#server/platform/auth/current-user.ts';
import type { Deps } from '#server/deps.ts';
import { isOutage } from '#server/platform/outage.ts';
import { findUserById, type UserRow } from './account.repository.ts';
import { audit } from './account-audit.ts';
import type { ClientInfo } from '#server/platform/auth/cookies.ts';
import * as repo from './session.repository.ts';
import {
  ACCESS_TTL_SECONDS,
  createTokenSigner,
  hashToken,
  newFamilyId,
  newRefreshToken,
  SESSION_MAX_SECONDS,
} from '../../platform/auth/tokens.ts';
import { createSuccessors, RACE_GRACE_SECONDS } from '../../platform/auth/successor.ts';

export interface Session {
  access_token: string;
  refresh_token: string;
  /** When the session dies if unused (ISO): the idle-timeout dialog counts down to it. */
  idleExpiresAt: string;
  /** The family's absolute end (ISO): the refresh cookie lives until then. */
  expiresAt: string;
  /** The session id (refresh family). */
  sid: string;
  user: AuthUser;
}

const revokedKey = (sid: string) => `auth:revoked:${sid}`;

const toAuthUser = (u: Pick<UserRow, 'id' | 'enterpriseId' | 'nickName'>): AuthUser => ({
  userId: u.id,
  enterpriseId: u.enterpriseId,
  nickName: u.nickName,
  permissions: [],
});

export function createSessionService({ config, db, kv, log }: Deps) {
  const signer = createTokenSigner(config.tokenSecret);
  const idleMs = config.sessionIdleMinutes * 60_000;
  const successors = createSuccessors(kv, 'auth:succ:');

  async function issue(user: Pick<UserRow, 'id' | 'enterpriseId' | 'nickName'>, family: string, expiresAt: string): Promise<Session> {
    const refresh = newRefreshToken();
    const idleExpiresAt = new Date(Math.min(Date.now() + idleMs, Date.parse(expiresAt))).toISOString();
    await repo.insertRefreshToken(db, { userId: user.id, family, tokenHash: hashToken(refresh), expiresAt, idleExpiresAt });
    const access = await signer.sign({ userId: user.id, enterpriseId: user.enterpriseId, nickName: user.nickName, sid: family });
    return { access_token: access, refresh_token: refresh, idleExpiresAt, expiresAt, sid: family, user: toAuthUser(user) };
  }

  /** Ends sessions: the refresh rows in the database, the access tokens through the kv store. */
  async function markRevoked(families: string[]) {
    await Promise.all(families.map((f) => kv.set(revokedKey(f), '1', ACCESS_TTL_SECONDS + 60)));
  }

  /**
   * Whether the session was ended. With Redis down the answer is "no": signed-in enterprises keep
   * reading and working, and a token ended during the outage lives at most its 15 minutes
   * (docs/operations.md "故障与恢复"); signing in, codes and the console need Redis and answer 503.
   */
  async function revoked(sid: string): Promise<boolean> {
    try {
      return (await kv.get(revokedKey(sid))) !== null;
    } catch (err) {
      if (!isOutage(err)) throw err;
      log.warn('Redis 不可用：本次请求未核对登录是否已注销');
      return false;
    }
  }

  /** The user behind an access token, or null (bad, expired, or its session ended). */
  async function authenticate(token: string): Promise<{ user: AuthUser | null; expired: boolean; sid: string | null }> {
    const res = await signer.verify(token);
    if (!res.ok) return { user: null, expired: res.expired, sid: null };
    const { userId, enterpriseId, nickName, sid } = res.claims;
    if (await revoked(sid)) return { user: null, expired: false, sid: null };
    return { user: { userId, enterpriseId, nickName, permissions: [] }, expired: false, sid };
  }

  /**
   * A spent token again. Within the grace period it is a parallel request of the same browser:
   * it gets the successor the first request made (waiting briefly while that one is written).
   * Later it is a reuse (stolen, or replayed): the whole family is revoked.
   */
  async function presentedAgain(row: repo.RefreshRow, token: string, client: ClientInfo): Promise<Session | null> {
    if (Date.now() - Date.parse(row.usedAt!) <= RACE_GRACE_SECONDS * 1000) {
      const pair = await successors.of(token);
      if (!pair) return null;
      const [auth, next] = await Promise.all([authenticate(pair.access_token), repo.findRefreshToken(db, hashToken(pair.refresh_token))]);
      return auth.user && next && !next.revokedAt
        ? { ...pair, idleExpiresAt: next.idleExpiresAt, expiresAt: next.expiresAt, sid: row.family, user: auth.user }
        : null;
    }
    await repo.revokeFamily(db, row.family, new Date().toISOString());
    await markRevoked([row.family]);
    await audit(db, client, 'refresh_reuse', { userId: row.userId, detail: '刷新令牌被重复使用，已注销该会话' });
    return null;
  }

  return {
    /** A new session after a successful login. */
    start(user: Pick<UserRow, 'id' | 'enterpriseId' | 'nickName'>): Promise<Session> {
      return issue(user, newFamilyId(), new Date(Date.now() + SESSION_MAX_SECONDS * 1000).toISOString());
    },

    authenticate,

    /** The session id (refresh family) of a valid access token, even a revoked one; for logout. */
    async sessionOf(token: string): Promise<string | null> {
      const res = await signer.verify(token);
      return res.ok ? res.claims.sid : null;
    },

    /**
     * Exchanges a refresh token for a new pair. A token presented again after its grace period
     * is a reuse (it was stolen, or the browser is confused): the whole family is revoked.
     */
    async rotate(token: string, client: ClientInfo): Promise<Session | null> {
      const hash = hashToken(token);
      const row = await repo.findRefreshToken(db, hash);
      if (!row || row.revokedAt) return null;
      if (row.usedAt) return presentedAgain(row, token, client);
      const now = new Date().toISOString();
      if (row.expiresAt <= now || row.idleExpiresAt <= now) return null;
      const user = await findUserById(db, row.userId);
      if (!user || user.status !== 'active') return null;
      if (!(await repo.markUsed(db, row.id, now))) {
        const spent = await repo.findRefreshToken(db, hash);
        return spent?.usedAt && !spent.revokedAt ? presentedAgain(spent, token, client) : null;
      }
      const session = await issue(user, row.family, row.expiresAt);
      await successors.keep(token, session);
      return session;
    },

    /** Logout: ends one session. */
    async end(family: string): Promise<void> {
      await repo.revokeFamily(db, family, new Date().toISOString());
      await markRevoked([family]);
    },

    /** The family a refresh token belongs to (for logout with only the refresh cookie). */
    async familyOf(refreshToken: string): Promise<string | null> {
      return (await repo.findRefreshToken(db, hashToken(refreshToken)))?.family ?? null;
    },

    /** Password change or reset: ends every session of the user except `keep`. */
    async endAllFor(userId: number, keep?: string): Promise<void> {
      const families = await repo.revokeUserFamilies(db, userId, new Date().toISOString(), keep);
      await markRevoked(families);
    },

    /** Re-signs the access token of the current session after the nickname or enterprise changed. */
    async reissueAccess(user: Pick<UserRow, 'id' | 'enterpriseId' | 'nickName'>, sid: string): Promise<string> {
      return signer.sign({ userId: user.id, enterpriseId: user.enterpriseId, nickName: user.nickName, sid });
    },

    purgeExpired: () => repo.purgeRefreshTokens(db, new Date(Date.now() - 86_400_000).toISOString()),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
