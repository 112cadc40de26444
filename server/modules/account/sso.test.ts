import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, TEST_ORIGIN, uniquePhone } from '#tests/helpers/auth.ts';
import { followToCallback, startOidcProvider, type TestOidcProvider } from '#tests/helpers/oidc-provider.ts';
import { createTestApp, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';
import * as repo from './account.repository.ts';
import { normalisePhone } from './sso.service.ts';

const CALLBACK = 'http://localhost/oauth2';

for (const kind of testDatabases) {
  describe(`统一身份认证 [${kind}]`, () => {
    let idp: TestOidcProvider;
    let t: TestApp;
    beforeAll(async () => {
      idp = await startOidcProvider({ redirectUris: [CALLBACK], postLogoutRedirectUris: ['http://localhost/'] });
      t = await createTestApp(kind, { SSO_ISSUER: idp.issuer, SSO_CLIENT_ID: idp.clientId, SSO_CLIENT_SECRET: idp.clientSecret });
    });
    afterAll(async () => {
      await t?.close();
      await idp?.close();
    });

    /** The whole round trip as a browser makes it; returns the sign-in reply. */
    async function signIn(sub: string) {
      idp.autoLogin = sub;
      const start = await t.call({ method: 'GET', url: `/uaa/api/ua/login/sso/authorize-uri?redirectUri=${encodeURIComponent(CALLBACK)}` });
      expect(start.status).toBe(200);
      const url = new URL(start.body.data);
      expect(url.origin).toBe(idp.issuer);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('state')).toBeTruthy();
      expect(url.searchParams.get('nonce')).toBeTruthy();
      const back = await followToCallback(url.toString(), CALLBACK);
      const payload = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
      const res = await t.call<{ access_token: string; refresh_token: string }>({ method: 'POST', url: '/uaa/api/ua/login/sso/auth', payload });
      return { res, payload };
    }

    it('makes a new account for an unknown verified phone, without an enterprise', async () => {
      const phone = uniquePhone();
      idp.accounts.set('new-1', { sub: 'new-1', name: '钱多多', phone_number: `+86 ${phone}`, phone_number_verified: true });
      const { res, payload } = await signIn('new-1');
      expect(res.status).toBe(200);
      expect(cookiesOf(res.headers).web_access_token.value).toBe(res.body.data.access_token);
      const me = await t.call({ method: 'GET', url: '/admin/user/loginUser', headers: { authorization: `Bearer ${res.body.data.access_token}` } });
      expect(me.body.data).toMatchObject({ nickName: '钱多多', loginName: phone, enterprise: null });
      const user = (await repo.findUserByPhone(t.db, phone))!;
      expect(user.passwordHash).toBeNull();
      expect(await repo.findSsoUser(t.db, idp.issuer, 'new-1')).toBe(user.id);
      const actions = (await t.db.selectFrom('auditLog').select('action').where('userId', '=', user.id).execute()).map((r) => r.action);
      expect(actions).toEqual(['sso_register', 'sso_login']);

      // the state is spent: the same callback cannot be replayed
      const replay = await t.call({ method: 'POST', url: '/uaa/api/ua/login/sso/auth', payload });
      expect(replay.status).toBe(400);
      expect(replay.body.msg).toBe('统一身份认证登录已过期或已使用，请重新登录');
      // signing in again finds the linked identity
      expect((await signIn('new-1')).res.status).toBe(200);
      expect(await t.db.selectFrom('userAccount').select('id').where('phone', '=', phone).execute()).toHaveLength(1);
    });

    it('links the account with the same verified phone, and audits the link', async () => {
      const phone = uniquePhone();
      const userId = await repo.insertUser(t.db, { phone, passwordHash: null, nickName: '原有用户', enterpriseId: null });
      idp.accounts.set('link-1', { sub: 'link-1', name: '别名', phone_number: phone, phone_number_verified: true });
      const { res } = await signIn('link-1');
      expect(res.status).toBe(200);
      expect(await repo.findSsoUser(t.db, idp.issuer, 'link-1')).toBe(userId);
      const link = await t.db.selectFrom('auditLog').selectAll().where('userId', '=', userId).where('action', '=', 'sso_link').execute();
      expect(link).toHaveLength(1);
      expect(link[0].ip).toBeTruthy();
    });

    it('refuses an unverified or missing phone number', async () => {
      idp.accounts.set('unverified', { sub: 'unverified', phone_number: uniquePhone(), phone_number_verified: false });
      const a = await signIn('unverified');
      expect(a.res.status).toBe(400);
      expect(a.res.body.msg).toMatch(/手机号尚未验证/);
      idp.accounts.set('nophone', { sub: 'nophone', name: '无手机' });
      const b = await signIn('nophone');
      expect(b.res.body.msg).toMatch(/未提供有效的手机号/);
    });

    it('refuses a foreign callback, a forged state and a bad code', async () => {
      const foreign = await t.call({ method: 'GET', url: `/uaa/api/ua/login/sso/authorize-uri?redirectUri=${encodeURIComponent('https://evil.example.com/oauth2')}` });
      expect(foreign.status).toBe(400);
      expect(foreign.body.msg).toBe('回调地址必须是本站地址');
      const forged = await t.call({ method: 'POST', url: '/uaa/api/ua/login/sso/auth', payload: { code: 'abc', state: 'forged' } });
      expect(forged.status).toBe(400);
      const start = await t.call({ method: 'GET', url: `/uaa/api/ua/login/sso/authorize-uri?redirectUri=${encodeURIComponent(CALLBACK)}` });
      const state = new URL(start.body.data).searchParams.get('state');
      const badCode = await t.call({ method: 'POST', url: '/uaa/api/ua/login/sso/auth', payload: { code: 'not-a-real-code', state } });
      expect(badCode.status).toBe(400);
      expect(badCode.body.msg).toBe('统一身份认证登录未能完成，请重新登录');
    });

    it('logs out of both: ends the local session and returns the provider logout URL', async () => {
      idp.accounts.set('out-1', { sub: 'out-1', phone_number: uniquePhone(), phone_number_verified: true });
      const { res } = await signIn('out-1');
      const headers = { cookie: `web_access_token=${res.body.data.access_token}; web_refresh_token=${res.body.data.refresh_token}`, origin: TEST_ORIGIN };
      const out = await t.call({ method: 'GET', url: `/uaa/api/ua/login/sso/logout?redirectUri=${encodeURIComponent('http://localhost/')}`, headers });
      expect(out.status).toBe(200);
      const url = new URL(out.body.data);
      expect(url.origin).toBe(idp.issuer);
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost/');
      expect(url.searchParams.get('id_token_hint')).toBeTruthy();
      expect(cookiesOf(out.headers).web_access_token.value).toBe('');
      const me = await t.call({ method: 'GET', url: '/admin/user/loginUser', headers: { authorization: `Bearer ${res.body.data.access_token}` } });
      expect(me.status).toBe(401);
    });
  });
}

describe('统一身份认证未配置', () => {
  it('answers 未配置统一身份认证 on every SSO call', async () => {
    const t = await createTestApp('sqlite');
    try {
      const q = `redirectUri=${encodeURIComponent(CALLBACK)}`;
      for (const res of [
        await t.call({ method: 'GET', url: `/uaa/api/ua/login/sso/authorize-uri?${q}` }),
        await t.call({ method: 'POST', url: '/uaa/api/ua/login/sso/auth', payload: { code: 'a', state: 'b' } }),
        await t.call({ method: 'GET', url: `/uaa/api/ua/login/sso/logout?${q}` }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.msg).toBe('未配置统一身份认证');
      }
    } finally {
      await t.close();
    }
  });

  it('normalises provider phone numbers', () => {
    expect(normalisePhone('+86 138 0013 8000')).toBe('13800138000');
    expect(normalisePhone('8613800138000')).toBe('13800138000');
    expect(normalisePhone('13800138000')).toBe('13800138000');
    expect(normalisePhone('+1 415 555 0100')).toBeNull();
    expect(normalisePhone(undefined)).toBeNull();
  });
});
