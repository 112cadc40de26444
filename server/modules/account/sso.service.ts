import * as oidc from 'openid-client';
import { patterns } from '#contract/validators.ts';
import { badRequest, forbidden, notFound } from '#server/platform/http/errors.ts';
import type { Deps } from '#server/deps.ts';
import { OutageError } from '#server/platform/outage.ts';
import * as repo from './account.repository.ts';
import { audit } from './account-audit.ts';
import type { ClientInfo } from '#server/platform/auth/cookies.ts';
import type { Session, SessionService } from './session.service.ts';
import { SESSION_MAX_SECONDS } from '../../platform/auth/tokens.ts';

/**
 * Single sign-on through OpenID Connect (authorization code with PKCE, state and nonce), with
 * openid-client. The provider is discovered on first use. An identity is linked to the account
 * with the same verified phone number; without one, an account is made and its user completes
 * the enterprise details in the user centre.
 */
const STATE_TTL_SECONDS = 600;
const stateKey = (state: string) => `sso:state:${state}`;
const idTokenKey = (sid: string) => `sso:idt:${sid}`;

export const SSO_NOT_CONFIGURED = '未配置统一身份认证';
export const SSO_UNAVAILABLE = '统一身份认证服务暂时无法访问，请稍后再试或使用账号密码登录';
/** An answer is trusted this long; a provider found down is asked again sooner, so its return shows within seconds. */
const SSO_PROBE_UP_MS = 30_000;
const SSO_PROBE_DOWN_MS = 3_000;

/** "+86 138 0013 8000" → "13800138000"; null when it is not a mainland mobile number. */
export function normalisePhone(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const international = raw.trim().startsWith('+');
  let digits = raw.replace(/[^\d]/g, '');
  if (digits.length === 13 && digits.startsWith('86')) digits = digits.slice(2);
  else if (international) return null;
  return patterns.mobile.test(digits) ? digits : null;
}

export function createSsoService({ config, db, kv, log }: Deps, sessions: SessionService) {
  const sso = config.sso;
  let discovered: Promise<oidc.Configuration> | null = null;

  function provider(): Promise<oidc.Configuration> {
    if (!sso) throw notFound(SSO_NOT_CONFIGURED);
    const insecure = new URL(sso.issuer).protocol === 'http:' && config.env !== 'production';
    discovered ??= oidc
      .discovery(new URL(sso.issuer), sso.clientId, sso.clientSecret, undefined, { timeout: 5, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) })
      .catch((err) => {
        discovered = null;
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'SSO discovery failed');
        throw new OutageError('sso', SSO_UNAVAILABLE, { cause: err });
      });
    return discovered;
  }

  /**
   * Whether the provider answers now: its discovery document within 2 s, asked at most every
   * 30 s while it answers and every 3 s while it does not, so that its return shows at once (the
   * login page asks on each render). While it does not answer, the login page says so on the SSO
   * button and password sign-in carries on (docs/operations.md "故障与恢复").
   */
  let probe: { at: number; up: Promise<boolean>; answered: boolean } | null = null;
  function available(): Promise<boolean> {
    if (!sso) return Promise.resolve(false);
    if (!probe || Date.now() - probe.at > (probe.answered ? SSO_PROBE_UP_MS : SSO_PROBE_DOWN_MS)) {
      const url = new URL(`${sso.issuer.replace(/\/?$/, '/')}.well-known/openid-configuration`);
      const current: { at: number; up: Promise<boolean>; answered: boolean } = { at: Date.now(), up: Promise.resolve(false), answered: false };
      current.up = fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
        async (res) => {
          await res.arrayBuffer();
          current.answered = res.ok;
          return res.ok;
        },
        () => false,
      );
      probe = current;
    }
    return probe.up;
  }

  /** The account for a provider identity: linked before, or by verified phone, or new. */
  async function accountFor(subject: string, info: Record<string, unknown>, client: ClientInfo): Promise<repo.UserRow> {
    const issuer = sso!.issuer;
    const linked = await repo.findSsoUser(db, issuer, subject);
    if (linked) {
      const user = await repo.findUserById(db, linked);
      if (user) return user;
    }
    const phone = normalisePhone(info.phone_number);
    if (!phone) throw badRequest('统一身份认证未提供有效的手机号，无法登录本平台，请联系平台管理员');
    if (info.phone_number_verified !== true) {
      throw badRequest('统一身份认证账号的手机号尚未验证，请先在统一身份认证平台完成手机号验证');
    }
    const existing = await repo.findUserByPhone(db, phone);
    if (existing) {
      await repo.linkSsoIdentity(db, issuer, subject, existing.id);
      await audit(db, client, 'sso_link', { userId: existing.id, loginName: phone, detail: `关联统一身份认证账号 ${subject.slice(0, 100)}` });
      return existing;
    }
    const name = typeof info.name === 'string' && info.name.trim() ? info.name.trim().slice(0, 20) : `用户${phone.slice(-4)}`;
    const userId = await db.transaction().execute(async (trx) => {
      const id = await repo.insertUser(trx, { phone, passwordHash: null, nickName: name, enterpriseId: null });
      await repo.linkSsoIdentity(trx, issuer, subject, id);
      return id;
    });
    await audit(db, client, 'sso_register', { userId, loginName: phone, detail: '通过统一身份认证创建账号' });
    return (await repo.findUserById(db, userId))!;
  }

  return {
    enabled: sso !== null,
    available,

    /** The provider's authorize URL; the browser comes back to `redirectUri` (our /oauth2). */
    async authorizeUrl(redirectUri: string): Promise<string> {
      const cfg = await provider();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await kv.set(stateKey(state), JSON.stringify({ verifier, nonce, redirectUri }), STATE_TTL_SECONDS);
      return oidc
        .buildAuthorizationUrl(cfg, {
          redirect_uri: redirectUri,
          scope: 'openid profile phone',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    },

    /** Exchanges the code (once: the state is spent) and starts a session. */
    async finish(input: { code: string; state: string; iss?: string | null }, client: ClientInfo): Promise<Session> {
      const cfg = await provider();
      const saved = await kv.take(stateKey(input.state));
      if (!saved) throw badRequest('统一身份认证登录已过期或已使用，请重新登录');
      const { verifier, nonce, redirectUri } = JSON.parse(saved) as { verifier: string; nonce: string; redirectUri: string };
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', input.code);
      callback.searchParams.set('state', input.state);
      // One provider only, so there is no mix-up to detect: its issuer stands in when the page omits it.
      if (cfg.serverMetadata().authorization_response_iss_parameter_supported) callback.searchParams.set('iss', input.iss ?? cfg.serverMetadata().issuer);
      let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
      try {
        tokens = await oidc.authorizationCodeGrant(cfg, callback, { pkceCodeVerifier: verifier, expectedState: input.state, expectedNonce: nonce, idTokenExpected: true });
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'SSO code exchange refused');
        throw badRequest('统一身份认证登录未能完成，请重新登录');
      }
      const claims = tokens.claims()!;
      const info = { ...claims, ...(await oidc.fetchUserInfo(cfg, tokens.access_token, claims.sub)) } as Record<string, unknown>;
      const user = await accountFor(claims.sub, info, client);
      if (user.status !== 'active') throw forbidden('该账号已停用，请联系平台管理员');
      const session = await sessions.start(user);
      if (tokens.id_token) await kv.set(idTokenKey(session.sid), tokens.id_token, SESSION_MAX_SECONDS);
      await audit(db, client, 'sso_login', { userId: user.id, loginName: user.phone });
      return session;
    },

    /** The provider's logout URL (or `redirectUri` itself when the provider offers none). */
    async logoutUrl(redirectUri: string, sid: string | null): Promise<string> {
      const cfg = await provider();
      if (!cfg.serverMetadata().end_session_endpoint) return redirectUri;
      const idToken = sid ? await kv.take(idTokenKey(sid)) : null;
      return oidc
        .buildEndSessionUrl(cfg, { post_logout_redirect_uri: redirectUri, client_id: sso!.clientId, ...(idToken ? { id_token_hint: idToken } : {}) })
        .toString();
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
