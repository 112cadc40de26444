import { afterEach, expect, it, vi } from 'vitest';
import { apiClient, cookiesOf, describeEachBackend, signUpAndLogin, TEST_ORIGIN } from '#tests/helpers/auth.ts';
import { RACE_GRACE_SECONDS } from '../../platform/auth/successor.ts';
import { hashToken } from '../../platform/auth/tokens.ts';

const refreshCall = (t: Parameters<typeof signUpAndLogin>[0], refresh_token: string) =>
  t.call<{ access_token: string; refresh_token: string }>({ method: 'POST', url: '/uaa/api/refresh-token', payload: { refresh_token } });
const me = (t: Parameters<typeof signUpAndLogin>[0], access: string) =>
  t.call({ method: 'GET', url: '/admin/user/loginUser', headers: { authorization: `Bearer ${access}` } });

afterEach(() => {
  vi.useRealTimers();
});

describeEachBackend('会话与令牌', (t) => {
  it('rotates the refresh token on every use and keeps the session going', async () => {
    const a = await signUpAndLogin(t());
    const r1 = await refreshCall(t(), a.refreshToken);
    expect(r1.status).toBe(200);
    const { access_token, refresh_token } = r1.body.data;
    expect(refresh_token).not.toBe(a.refreshToken);
    expect((await me(t(), access_token)).status).toBe(200);
    const cookies = cookiesOf(r1.headers);
    expect(cookies.web_access_token.value).toBe(access_token);
    expect(cookies.web_refresh_token.value).toBe(refresh_token);
    expect(Number(cookies.web_idle_at.value)).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(cookies.web_idle_at.raw).not.toMatch(/HttpOnly/);

    const rows = await t().db.selectFrom('refreshToken').selectAll().where('userId', '=', a.userId).orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0].family).toBe(rows[1].family);
    expect(rows[0].usedAt).not.toBeNull();
    expect(rows[1].expiresAt).toBe(rows[0].expiresAt); // 7 days after login, not after the last use
    const idle = (Date.parse(rows[1].idleExpiresAt) - Date.now()) / 60_000;
    expect(idle).toBeGreaterThan(29);
    expect(idle).toBeLessThanOrEqual(30);
    const days = (Date.parse(rows[1].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('gives parallel requests with the same token the same successor, and revokes the family on a later reuse', async () => {
    const a = await signUpAndLogin(t());
    const [x, y] = await Promise.all([refreshCall(t(), a.refreshToken), refreshCall(t(), a.refreshToken)]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    expect(y.body.data.refresh_token).toBe(x.body.data.refresh_token);

    // the old token again, after the grace period: a reuse
    await t().db.updateTable('refreshToken').set({ usedAt: new Date(Date.now() - 60_000).toISOString() }).where('tokenHash', '=', hashToken(a.refreshToken)).execute();
    const reuse = await refreshCall(t(), a.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.msg).toBe('登录已过期，请重新登录');
    expect((await refreshCall(t(), x.body.data.refresh_token)).status).toBe(401);
    expect((await me(t(), x.body.data.access_token)).status).toBe(401);
    const audit = await t().db.selectFrom('auditLog').select('action').where('userId', '=', a.userId).execute();
    expect(audit.map((r) => r.action)).toContain('refresh_reuse');
  });

  it('answers a spent token within the grace period with the same pair every time, and refuses it after', async () => {
    const a = await signUpAndLogin(t());
    const first = await refreshCall(t(), a.refreshToken);
    const again = [await refreshCall(t(), a.refreshToken), await refreshCall(t(), a.refreshToken)];
    for (const r of again) {
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual(first.body.data);
    }
    expect(await t().db.selectFrom('refreshToken').select('id').where('userId', '=', a.userId).execute()).toHaveLength(2);
    expect((await me(t(), first.body.data.access_token)).status).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (RACE_GRACE_SECONDS + 1) * 1000 });
    expect((await refreshCall(t(), a.refreshToken)).status).toBe(401);
  });

  it('ends a session unused for the idle time, and any session 7 days after login', async () => {
    const a = await signUpAndLogin(t());
    await t().db.updateTable('refreshToken').set({ idleExpiresAt: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', a.userId).execute();
    expect((await refreshCall(t(), a.refreshToken)).status).toBe(401);

    const b = await signUpAndLogin(t());
    await t().db.updateTable('refreshToken').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', b.userId).execute();
    expect((await refreshCall(t(), b.refreshToken)).status).toBe(401);
  });

  it('expires the access token after 15 minutes: 401, then the refresh works', async () => {
    const a = await signUpAndLogin(t());
    // Used before: a token the process has checked once expires all the same.
    expect((await me(t(), a.accessToken)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 5000 });
    const res = await me(t(), a.accessToken);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
    const r = await refreshCall(t(), a.refreshToken);
    expect(r.status).toBe(200);
    expect((await me(t(), r.body.data.access_token)).status).toBe(200);
  });

  it('refreshes from the cookie, and clears the cookies when the refresh fails', async () => {
    const a = await signUpAndLogin(t());
    const ok = await t().call({ method: 'POST', url: '/uaa/api/refresh-token', headers: { cookie: `web_refresh_token=${a.refreshToken}`, origin: TEST_ORIGIN } });
    expect(ok.status).toBe(200);
    const bad = await t().call({ method: 'POST', url: '/uaa/api/refresh-token', headers: { cookie: 'web_refresh_token=nonsense', origin: TEST_ORIGIN } });
    expect(bad.status).toBe(401);
    const cleared = cookiesOf(bad.headers);
    expect(cleared.web_access_token.value).toBe('');
    expect(cleared.web_refresh_token.raw).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await t().call({ method: 'POST', url: '/uaa/api/refresh-token', payload: {} })).status).toBe(401);
  });

  it('rotates during a page request that has only the refresh cookie, so the page renders logged in', async () => {
    const a = await signUpAndLogin(t());
    const page = await t().app.inject({ method: 'GET', url: '/user/appeal', headers: { cookie: `web_refresh_token=${a.refreshToken}` } });
    const cookies = cookiesOf(page.headers);
    expect(cookies.web_access_token.value.split('.')).toHaveLength(3);
    expect(cookies.web_refresh_token.value).not.toBe(a.refreshToken);
    expect(page.headers['cache-control']).toBe('no-store');
    expect((await me(t(), cookies.web_access_token.value)).status).toBe(200);

    // an API call is not a page: it answers 401 and the client refreshes
    const api = await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: { cookie: `web_refresh_token=${cookies.web_refresh_token.value}` } });
    expect(api.status).toBe(401);
    expect(api.headers['set-cookie']).toBeUndefined();

    // React Router's data requests of client navigations are pages too; built assets are not.
    const data = await t().app.inject({ method: 'GET', url: '/user/appeal.data', headers: { cookie: `web_refresh_token=${cookies.web_refresh_token.value}` } });
    expect(cookiesOf(data.headers).web_access_token.value.split('.')).toHaveLength(3);
    const asset = await t().app.inject({ method: 'GET', url: '/assets/root-abc123.js', headers: { cookie: `web_access_token=${cookies.web_access_token.value}` } });
    expect(asset.headers['cache-control']).not.toBe('no-store');
    expect(asset.headers['set-cookie']).toBeUndefined();

    const dead = await t().app.inject({ method: 'GET', url: '/user', headers: { cookie: 'web_refresh_token=expired-or-forged' } });
    expect(cookiesOf(dead.headers).web_refresh_token.value).toBe('');
  });

  it('logs out: revokes the session, clears the cookies and the site data, and audits', async () => {
    const a = await signUpAndLogin(t());
    const other = await apiClient(t()).login(a.phone, a.password); // a second session stays
    const res = await t().call({ method: 'GET', url: '/fykj/logout', headers: { cookie: `web_access_token=${a.accessToken}; web_refresh_token=${a.refreshToken}` } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, msg: '已退出登录', data: null });
    expect(res.headers['clear-site-data']).toBe('"cookies", "storage"');
    const cookies = cookiesOf(res.headers);
    for (const name of ['web_access_token', 'web_refresh_token', 'web_idle_at']) expect(cookies[name].value).toBe('');
    expect((await me(t(), a.accessToken)).status).toBe(401);
    expect((await refreshCall(t(), a.refreshToken)).status).toBe(401);
    expect((await me(t(), other.body.data.access_token)).status).toBe(200);
    const audit = await t().db.selectFrom('auditLog').selectAll().where('userId', '=', a.userId).where('action', '=', 'logout').execute();
    expect(audit).toHaveLength(1);

    // with only a bearer token, or nothing at all, logout still answers
    const b = await signUpAndLogin(t());
    expect((await t().call({ method: 'GET', url: '/fykj/logout', headers: { authorization: `Bearer ${b.accessToken}` } })).status).toBe(200);
    expect((await me(t(), b.accessToken)).status).toBe(401);
    expect((await t().call({ method: 'GET', url: '/fykj/logout' })).status).toBe(200);
  });

  it('accepts the Bearer header and the cookie alike; marks authenticated replies no-store', async () => {
    const a = await signUpAndLogin(t());
    const viaCookie = await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: a.headers });
    const viaBearer = await me(t(), a.accessToken);
    expect(viaCookie.body.data).toEqual(viaBearer.body.data);
    expect(viaCookie.headers['cache-control']).toBe('no-store');
    const anonymous = await t().call({ method: 'GET', url: '/admin/user/loginUser' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.msg).toBe('请先登录后再操作');
    // A forged signature: its first character changed. (Not its last: the final base64url
    // character carries two unused bits, so some changes there decode to the same signature.)
    const [header, payload, signature] = a.accessToken.split('.');
    const forged = `${header}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of ['Bearer x.y.z', 'Bearer ', 'Basic abc', `Bearer ${forged}`]) {
      expect((await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: { authorization: bad } })).status, bad).toBe(401);
    }
  });
});
