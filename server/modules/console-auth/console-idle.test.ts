import { afterEach, expect, it, vi } from 'vitest';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

// The test apps run on the in-memory kv store, whose TTLs follow Date.now(): moving the clock
// moves the idle limit.
describeEachDb('console idle limit', (t) => {
  afterEach(() => vi.useRealTimers());
  const minutes = (n: number) => vi.setSystemTime(Date.now() + n * 60_000);

  it('ends a session after 15 minutes without a request', async () => {
    const s = await staffLogin(t(), 'editor');
    vi.useFakeTimers({ toFake: ['Date'] });
    minutes(16);
    const refresh = await t().call({ method: 'POST', url: '/console/api/auth/refresh', payload: { refresh_token: s.refreshToken } });
    expect(refresh.status).toBe(401);
    expect(refresh.body.msg).toBe('登录已超时，请重新登录');
  });

  it('keeps a session alive while requests come', async () => {
    const s = await staffLogin(t(), 'editor');
    vi.useFakeTimers({ toFake: ['Date'] });
    minutes(10);
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.headers })).status).toBe(200);
    minutes(10);
    // 20 minutes after sign-in, 10 after the last request: the access token expired, the session did not.
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.headers })).status).toBe(401);
    const refresh = await t().call({ method: 'POST', url: '/console/api/auth/refresh', payload: { refresh_token: s.refreshToken } });
    expect(refresh.status).toBe(200);
  });
});
