import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiClient, describeEachBackend, signUpAndLogin, TEST_ORIGIN, uniquePhone, validUscc } from '#tests/helpers/auth.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { FIXED_CAPTCHA } from '../../platform/auth/captcha.ts';
import { purgeAudit } from '../audit/audit.repository.ts';
import { RATE_LIMITS } from '../../platform/http/rate-limit.ts';
import { FIXED_SMS_CODE, httpDriver } from '../../platform/sms/sms.ts';

const EVIL = 'https://evil.example.com';

describeEachBackend('跨站请求与频率限制', (t) => {
  it('refuses a cookie-authenticated write from a foreign origin with 403, and allows its own', async () => {
    const a = await signUpAndLogin(t());
    const update = (headers: Record<string, string>) =>
      t().call({ method: 'POST', url: '/admin/user/update', headers, payload: { nickName: '新昵称' } });
    const foreign = await update({ ...a.headers, origin: EVIL });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 403, msg: '请求来源不可信，已拒绝。请在本站页面内操作' });
    expect((await update({ cookie: a.headers.cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await update({ cookie: a.headers.cookie, origin: 'null' })).status).toBe(403);
    expect((await update(a.headers)).status).toBe(200);
    expect((await update({ cookie: a.headers.cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // a bearer token is not sent by browsers on their own: no cross-site risk
    expect((await update({ authorization: `Bearer ${a.accessToken}`, origin: EVIL })).status).toBe(200);
  });

  it('refuses a cookie-authenticated write that shows neither its origin nor a same-origin fetch', async () => {
    const a = await signUpAndLogin(t());
    const staff = await staffLogin(t(), 'editor');
    const writes = [
      { name: 'enterprise', url: '/admin/user/update', payload: { nickName: '新昵称' }, cookie: a.headers.cookie, bearer: a.accessToken },
      { name: 'console', url: '/console/api/notice/save', payload: {}, cookie: staff.headers.cookie, bearer: staff.accessToken },
    ];
    for (const w of writes) {
      const send = (headers: Record<string, string>, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST') => t().call({ method, url: w.url, headers, payload: w.payload });
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const bare = await send({ cookie: w.cookie }, method);
        expect(bare.status, `${w.name} ${method} without Origin`).toBe(403);
        expect(bare.body, w.name).toEqual({ code: 403, msg: '请求来源不可信，已拒绝。请在本站页面内操作', data: null });
      }
      expect((await send({ cookie: w.cookie, 'sec-fetch-site': 'same-site' })).status, `${w.name} same-site`).toBe(403);
      expect((await send({ cookie: w.cookie, 'sec-fetch-site': 'none' })).status, `${w.name} none`).toBe(403);
      // The site's own pages: Origin of the site, or a same-origin fetch
      expect((await send({ cookie: w.cookie, origin: TEST_ORIGIN })).status, `${w.name} own origin`).not.toBe(403);
      expect((await send({ cookie: w.cookie, 'sec-fetch-site': 'same-origin' })).status, `${w.name} same-origin`).not.toBe(403);
      // A bearer call is unaffected, with or without Origin
      expect((await send({ authorization: `Bearer ${w.bearer}` })).status, `${w.name} bearer`).not.toBe(403);
    }
    // Logout is a GET (no Origin from the page's own fetch): refused only when it shows it came from elsewhere.
    const cookie = `web_access_token=${a.accessToken}; web_refresh_token=${a.refreshToken}`;
    expect((await t().call({ method: 'GET', url: '/fykj/logout', headers: { cookie, 'sec-fetch-site': 'same-site' } })).status).toBe(403);
    expect((await t().call({ method: 'GET', url: '/console/api/auth/logout', headers: { cookie: staff.headers.cookie, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await t().call({ method: 'GET', url: '/fykj/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
  });

  it('refuses a cross-site logout or refresh that rides on the cookies', async () => {
    const a = await signUpAndLogin(t());
    const cookie = `web_access_token=${a.accessToken}; web_refresh_token=${a.refreshToken}`;
    const logout = await t().call({ method: 'GET', url: '/fykj/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(logout.status).toBe(403);
    const refresh = await t().call({ method: 'POST', url: '/uaa/api/refresh-token', headers: { cookie: `web_refresh_token=${a.refreshToken}`, origin: EVIL } });
    expect(refresh.status).toBe(403);
    expect((await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: { cookie, origin: EVIL } })).status).toBe(200);
  });

  it('limits captcha, SMS, login, registration and reset per client address with a Chinese 429', async () => {
    const calls = {
      captcha: (c: ReturnType<typeof apiClient>) => c.call({ method: 'GET', url: `/fykj/captcha?uuid=rate-${Math.random().toString(36).slice(2)}` }),
      sms: (c: ReturnType<typeof apiClient>) => c.call({ method: 'POST', url: '/fykj/sms', payload: {} }),
      login: (c: ReturnType<typeof apiClient>) => c.call({ method: 'POST', url: '/fykj/en-login', payload: {} }),
      registry: (c: ReturnType<typeof apiClient>) => c.call({ method: 'POST', url: '/fykj/registry', payload: {} }),
      reset: (c: ReturnType<typeof apiClient>) => c.call({ method: 'POST', url: '/fykj/forgot-password', payload: {} }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const c = apiClient(t());
      const { max } = RATE_LIMITS[name as keyof typeof calls];
      for (let i = 0; i < max; i++) expect((await call(c)).status, `${name} #${i + 1}`).not.toBe(429);
      const over = await call(c);
      expect(over.status, name).toBe(429);
      expect(over.body.code).toBe(429);
      expect(over.body.msg).toMatch(/^操作过于频繁，请 \d+ (秒|分钟)后再试$/);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(apiClient(t()))).status, `${name} elsewhere`).not.toBe(429);
    }
  });

  it('takes the client address from X-Forwarded-For only behind TRUST_PROXY', async () => {
    const c = apiClient(t());
    for (let i = 0; i < RATE_LIMITS.registry.max; i++) {
      await c.call({ method: 'POST', url: '/fykj/registry', payload: {}, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    }
    // TRUST_PROXY is off here: the forwarded addresses were ignored, so this address is spent
    expect((await c.call({ method: 'POST', url: '/fykj/registry', payload: {}, headers: { 'x-forwarded-for': '203.0.113.200' } })).status).toBe(429);
  });
});

describe('TRUST_PROXY and PUBLIC_BASE_URL', () => {
  it('counts per forwarded address behind a proxy and accepts the public origin', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: '1', PUBLIC_BASE_URL: 'https://portal.example.gov.cn' });
    try {
      const c = apiClient(t, '127.0.0.1');
      for (let i = 0; i < RATE_LIMITS.registry.max + 3; i++) {
        const res = await c.call({ method: 'POST', url: '/fykj/registry', payload: {}, headers: { 'x-forwarded-for': `198.51.100.${i}` } });
        expect(res.status).toBe(400);
      }
      const a = await signUpAndLogin(t);
      const res = await t.call({ method: 'POST', url: '/admin/user/update', headers: { cookie: a.headers.cookie, origin: 'https://portal.example.gov.cn' }, payload: { nickName: '甲' } });
      expect(res.status).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });
});

describe('短信网关 (http driver)', () => {
  const message = { phone: '13900001111', scene: 'register' as const, code: '654321', minutes: 5 };

  it('posts JSON with the token and retries a failing gateway', async () => {
    const seen: { body: unknown; auth: string | null }[] = [];
    const statuses = [502, 503, 200];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      seen.push({ body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get('authorization') });
      return new Response('{}', { status: statuses[seen.length - 1] });
    }) as typeof fetch;
    await httpDriver('https://sms.example/send', 'gw-token', fetchImpl, 1000).send(message);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toEqual({ body: message, auth: 'Bearer gw-token' });
  });

  it('gives up after three tries or at once on a 4xx, and times out a hanging gateway', async () => {
    let n = 0;
    const failing = (async () => {
      n += 1;
      return new Response('', { status: 500 });
    }) as unknown as typeof fetch;
    await expect(httpDriver('https://sms.example/send', null, failing, 1000).send(message)).rejects.toThrow(/500/);
    expect(n).toBe(3);
    n = 0;
    const refusing = (async () => {
      n += 1;
      return new Response('', { status: 401 });
    }) as unknown as typeof fetch;
    await expect(httpDriver('https://sms.example/send', null, refusing, 1000).send(message)).rejects.toThrow(/401/);
    expect(n).toBe(1);

    const server = createServer(() => {}); // never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    const started = Date.now();
    await expect(httpDriver(url, null, fetch, 200).send(message)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    server.closeAllConnections();
    server.close();
  });

  it('answers 503 with a sentence and lets the user ask again at once when the gateway fails', async () => {
    const t = await createTestApp('sqlite', { SMS_DRIVER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/unreachable' });
    try {
      const c = apiClient(t);
      const phone = uniquePhone();
      const res = await c.sms(phone);
      expect(res.status).toBe(503);
      expect(res.body.msg).toBe('短信暂时无法发送，请稍后重新获取验证码');
      expect(res.headers['retry-after']).toBe('5');
      expect(await t.kv.get(`sms:cool:${phone}`)).toBeNull();
      expect(await t.kv.get(`sms:code:register:${phone}`)).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('日志', () => {
  it('never writes a password, an SMS or captcha code, or a token to the log', async () => {
    const received: string[] = [];
    const gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(body);
        res.end('{}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-log-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/api-server.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'trace',
        DEV_FIXED_CODES: '1',
        SMS_DRIVER: 'http',
        SMS_HTTP_URL: `http://127.0.0.1:${(gateway.address() as { port: number }).port}/send`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (c) => (log += c));
    child.stderr.on('data', (c) => (log += c));
    try {
      const base = `http://127.0.0.1:${port}`;
      // Up to 40 s: loading the sources through tsx took 11 s on a busy two-core host.
      for (let i = 0; i < 400 && !log.includes('Server listening'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(log, 'the server started').toContain('Server listening');
      const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      const phone = uniquePhone();
      const password = 'Secret#Log2026x';
      await fetch(`${base}/fykj/captcha?uuid=log-test-0001`);
      expect((await post('/fykj/sms', { phone, scene: 'register', uuid: 'log-test-0001', code: FIXED_CAPTCHA })).status).toBe(200);
      expect(received.join()).toContain(FIXED_SMS_CODE);
      await post('/fykj/registry', { phone, smsCode: FIXED_SMS_CODE, password, enterpriseName: '上海日志测试有限公司', uscc: validUscc(99), contactName: '测试' });
      await fetch(`${base}/fykj/captcha?uuid=log-test-0002`);
      await post('/fykj/en-login', { loginName: phone, password: 'Wrong#Log2026', uuid: 'log-test-0002', code: FIXED_CAPTCHA });
      await fetch(`${base}/fykj/captcha?uuid=log-test-0003`);
      const login = await post('/fykj/en-login', { loginName: phone, password, uuid: 'log-test-0003', code: FIXED_CAPTCHA });
      const { data } = (await login.json()) as { data: { access_token: string; refresh_token: string } };
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      await fetch(`${base}/admin/user/loginUser`, { headers: { authorization: `Bearer ${data.access_token}` } });
      const refreshed = await post('/uaa/api/refresh-token', {}, { cookie, origin: base });
      expect(refreshed.status).toBe(200);
      await fetch(`${base}/fykj/logout`, { headers: { cookie } });
      await new Promise((r) => setTimeout(r, 300));

      expect(log).toMatch(/"path":"\/fykj\/en-login"/); // the log was captured at all
      for (const secret of [password, 'Wrong#Log2026', data.access_token, data.refresh_token, ...cookie.split('; ').map((c) => c.split('=')[1])]) {
        expect(log.includes(secret), `log holds ${secret.slice(0, 12)}…`).toBe(false);
      }
      expect(log).not.toMatch(/(?<![\d.])123456(?!\d)/);
      expect(log).not.toMatch(/"code":"8888"/);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      gateway.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describeEachBackend('审计日志保留', (t) => {
  it('keeps audit rows at least 180 days and purges older ones', async () => {
    const day = 86_400_000;
    const now = new Date();
    const row = (daysAgo: number, action: string) => ({
      at: new Date(now.getTime() - daysAgo * day).toISOString(),
      action,
      userId: null,
      staffId: null,
      loginName: 'purge-test',
      ip: '10.0.0.1',
      userAgent: null,
      detail: null,
    });
    await t().db.insertInto('auditLog').values([row(179, 'login'), row(184, 'logout'), row(200, 'lock')]).execute();
    await purgeAudit(t().db, now);
    const left = await t().db.selectFrom('auditLog').select('action').where('loginName', '=', 'purge-test').orderBy('at').execute();
    expect(left.map((r) => r.action)).toEqual(['logout', 'login']);
  });
});
