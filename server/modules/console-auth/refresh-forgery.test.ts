import { expect, it } from 'vitest';
import { CONSOLE_REFRESH_COOKIE } from '#contract/staff.ts';
import { TEST_ORIGIN } from '#tests/helpers/auth.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const refresh = (t: TestApp, token: string) =>
  t.call({ method: 'POST', url: '/console/api/auth/refresh', headers: { origin: TEST_ORIGIN }, payload: { refresh_token: token } });

describeEachDb('a leaked console session id', (t) => {
  it('cannot end the session: made-up refresh tokens carrying it are refused, and only a real spent token is a replay', async () => {
    const s = await staffLogin(t(), 'editor');
    const sid = s.refreshToken.split('.')[0];
    const forged = [`${sid}.garbage`, `${sid}.${'A'.repeat(43)}`, `${sid}.${'A'.repeat(43)}.${'B'.repeat(43)}`, `${s.refreshToken}x`];
    for (const token of forged) {
      const res = await refresh(t(), token);
      expect(res.status, token).toBe(401);
    }
    const logout = await t().call({ method: 'GET', url: '/console/api/auth/logout', headers: { cookie: `${CONSOLE_REFRESH_COOKIE}=${sid}.garbage`, origin: TEST_ORIGIN } });
    expect(logout.status).toBe(200);

    // The session lives on: its access token works and its own refresh token rotates.
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.headers })).status).toBe(200);
    const rotated = await refresh(t(), s.refreshToken);
    expect(rotated.status).toBe(200);

    // A token the server issued, presented again after its successor was spent, still ends it.
    expect((await refresh(t(), rotated.body.data.refresh_token)).status).toBe(200);
    expect((await refresh(t(), s.refreshToken)).status).toBe(401);
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.headers })).status).toBe(401);
  });
});
