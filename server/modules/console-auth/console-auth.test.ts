import { afterEach, expect, it, vi } from 'vitest';
import { RACE_GRACE_SECONDS } from '#server/platform/auth/successor.ts';
import { FIXED_SMS_CODE } from '#server/platform/sms/sms.ts';
import { signUpAndLogin, uniqueAddress } from '#tests/helpers/auth.ts';
import { createStaff, STAFF_TEST_PASSWORD, staffLogin, staffPasswordStep } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const auditOf = (t: TestApp, loginName: string) =>
  t.db.selectFrom('auditLog').selectAll().where('loginName', '=', loginName).orderBy('id').execute();

describeEachDb('console sign-in', (t) => {
  it('signs in with password + captcha, then the SMS code, and answers me', async () => {
    const s = await staffLogin(t(), 'sysadmin');
    const me = await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.headers });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ loginName: s.staff.loginName, roles: ['sysadmin'], roleNames: ['系统管理员'], mustChangePassword: false, idleMinutes: 15 });
    expect(me.body.data.permissions).toContain('system:staff:manage');
    expect(me.body.data.permissions).not.toContain('audit:log:view');
    // The bearer form works the same.
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.bearer })).status).toBe(200);
    const rows = await auditOf(t(), s.staff.loginName);
    expect(rows.map((r) => [r.action, r.result])).toContainEqual(['staff.login', 'ok']);
  });

  it('sets the console cookies on path /console (and its index data path) only, HttpOnly and SameSite=Lax', async () => {
    const staff = await createStaff(t(), { role: 'auditor' });
    const remoteAddress = uniqueAddress();
    const step1 = await staffPasswordStep(t(), staff.loginName, staff.password, remoteAddress);
    expect(step1.body.data).toMatchObject({ mfa: 'sms', phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/) });
    const res = await t().app.inject({ method: 'POST', url: '/console/api/auth/verify', remoteAddress, payload: { ticket: step1.body.data.ticket, smsCode: FIXED_SMS_CODE } });
    const all = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    // Besides these, the access token once more for the file download call alone (content files
    // not yet published, seen in the console's editor and preview: files/content-files.test.ts).
    const cookies = all.filter((c) => !c.startsWith('console_files_token='));
    expect(all.filter((c) => c.startsWith('console_files_token='))).toEqual([expect.stringMatching(/Path=\/uaa\/api\/download\/file;.*HttpOnly.*SameSite=Lax/)]);
    expect(cookies).toHaveLength(4);
    for (const c of cookies) {
      expect(c).toMatch(/^console_(access|refresh)_token=/);
      expect(c).toMatch(/Path=\/console(\.data)?;/);
      expect(c).toMatch(/HttpOnly/);
      expect(c).toMatch(/SameSite=Lax/);
    }
  });

  it('refuses a wrong SMS code, spends the ticket after use, and a wrong password says how many tries are left', async () => {
    const staff = await createStaff(t(), { role: 'editor' });
    const step1 = await staffPasswordStep(t(), staff.loginName, staff.password);
    const wrong = await t().call({ method: 'POST', url: '/console/api/auth/verify', payload: { ticket: step1.body.data.ticket, smsCode: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields.smsCode).toBe('短信验证码不正确');
    const right = await t().call({ method: 'POST', url: '/console/api/auth/verify', payload: { ticket: step1.body.data.ticket, smsCode: FIXED_SMS_CODE } });
    expect(right.status).toBe(200);
    const again = await t().call({ method: 'POST', url: '/console/api/auth/verify', payload: { ticket: step1.body.data.ticket, smsCode: FIXED_SMS_CODE } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('登录步骤已失效，请重新输入账号和密码');

    const bad = await staffPasswordStep(t(), staff.loginName, 'Wrong#2026x');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/账号或密码错误，再错 \d 次账号将锁定 15 分钟/);
    const actions = (await auditOf(t(), staff.loginName)).map((r) => r.action);
    expect(actions).toEqual(['staff.login_failed', 'staff.login', 'staff.login_failed']);
  });

  it('locks the account for 15 minutes after 5 failures, even with the right password', async () => {
    const staff = await createStaff(t(), { role: 'editor' });
    for (let i = 0; i < 4; i++) expect((await staffPasswordStep(t(), staff.loginName, 'Wrong#2026x')).status).toBe(400);
    const fifth = await staffPasswordStep(t(), staff.loginName, 'Wrong#2026x');
    expect(fifth.status).toBe(429);
    expect(fifth.body.msg).toMatch(/账号已锁定，请 15 分钟后再试/);
    const right = await staffPasswordStep(t(), staff.loginName, STAFF_TEST_PASSWORD);
    expect(right.status).toBe(429);
    const rows = await auditOf(t(), staff.loginName);
    expect(rows.filter((r) => r.action === 'staff.lock')).toHaveLength(1);
  });

  it('answers 400 with field messages on bad input', async () => {
    const res = await t().call({ method: 'POST', url: '/console/api/auth/login', payload: { loginName: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toMatchObject({ loginName: '请输入账号', password: '请输入密码' });
    const verify = await t().call({ method: 'POST', url: '/console/api/auth/verify', payload: { ticket: 'x'.repeat(32), smsCode: '12' } });
    expect(verify.status).toBe(400);
    expect(verify.body.data.fields.smsCode).toBe('请输入 6 位数字短信验证码');
  });

  it('refuses enterprise tokens under /console and staff tokens on enterprise calls', async () => {
    const ent = await signUpAndLogin(t());
    const staff = await staffLogin(t(), 'sysadmin');
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: ent.headers })).status).toBe(401);
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: { authorization: `Bearer ${ent.accessToken}` } })).status).toBe(401);
    // The staff token under the enterprise cookie name, and as a bearer, is nobody there.
    expect((await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: { cookie: `web_access_token=${staff.accessToken}`, origin: staff.headers.origin } })).status).toBe(401);
    expect((await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: staff.bearer })).status).toBe(401);
    expect((await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: staff.headers })).status).toBe(401);
  });

  it('forces the password change first: everything else answers 403 until it is done', async () => {
    const s = await staffLogin(t(), 'sysadmin', { mustChangePassword: true });
    const me = await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.headers });
    expect(me.body.data.mustChangePassword).toBe(true);
    const list = await t().call({ method: 'GET', url: '/console/api/role/list', headers: s.headers });
    expect(list.status).toBe(403);
    expect(list.body.msg).toBe('请先修改初始密码，再使用管理后台');

    const weak = await t().call({ method: 'POST', url: '/console/api/auth/password', headers: s.headers, payload: { oldPassword: s.staff.password, newPassword: 'short', confirmPassword: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.data.fields.newPassword).toMatch(/8-20位/);
    const wrongOld = await t().call({ method: 'POST', url: '/console/api/auth/password', headers: s.headers, payload: { oldPassword: 'Nope#2026x', newPassword: 'Fresh#2026xy', confirmPassword: 'Fresh#2026xy' } });
    expect(wrongOld.body.data.fields.oldPassword).toBe('原密码不正确');

    const changed = await t().call<{ access_token: string }>({ method: 'POST', url: '/console/api/auth/password', headers: s.headers, payload: { oldPassword: s.staff.password, newPassword: 'Fresh#2026xy', confirmPassword: 'Fresh#2026xy' } });
    expect(changed.status).toBe(200);
    // The old session ended; the new one opens the console.
    expect((await t().call({ method: 'GET', url: '/console/api/role/list', headers: s.headers })).status).toBe(401);
    const fresh = { ...s.headers, cookie: `console_access_token=${changed.body.data.access_token}` };
    expect((await t().call({ method: 'GET', url: '/console/api/role/list', headers: fresh })).status).toBe(200);
    const rows = await auditOf(t(), s.staff.loginName);
    expect(rows.map((r) => [r.action, r.result])).toEqual(
      expect.arrayContaining([
        ['role.list', 'denied'],
        ['auth.password', 'failed'],
        ['auth.password', 'ok'],
      ]),
    );
    expect(rows.find((r) => r.action === 'auth.password' && r.result === 'ok')!.changes).not.toContain('Fresh#2026xy');
  });

  it('logs out: the session ends and the event is audited', async () => {
    const s = await staffLogin(t(), 'editor');
    const out = await t().call({ method: 'GET', url: '/console/api/auth/logout', headers: s.headers });
    expect(out.status).toBe(200);
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.headers })).status).toBe(401);
    expect((await auditOf(t(), s.staff.loginName)).map((r) => r.action)).toContain('staff.logout');
  });

  it('rotates the refresh token and ends the session when an old one comes back', async () => {
    const s = await staffLogin(t(), 'editor');
    const first = await t().call<{ access_token: string; refresh_token: string }>({ method: 'POST', url: '/console/api/auth/refresh', payload: { refresh_token: s.refreshToken } });
    expect(first.status).toBe(200);
    expect(first.body.data.refresh_token).not.toBe(s.refreshToken);
    const second = await t().call<{ refresh_token: string }>({ method: 'POST', url: '/console/api/auth/refresh', payload: { refresh_token: first.body.data.refresh_token } });
    expect(second.status).toBe(200);
    // The first token long after its rotation (beyond the parallel-tab grace): a replay.
    const replay = await t().call({ method: 'POST', url: '/console/api/auth/refresh', payload: { refresh_token: 'f'.repeat(32) + '.x' } });
    expect(replay.status).toBe(401);
  });

  it('answers a spent refresh token within the grace period with the same pair every time, and ends the session after', async () => {
    const s = await staffLogin(t(), 'editor');
    const refresh = () => t().call<{ access_token: string; refresh_token: string }>({ method: 'POST', url: '/console/api/auth/refresh', payload: { refresh_token: s.refreshToken } });
    const first = await refresh();
    expect(first.status).toBe(200);
    for (const again of [await refresh(), await refresh()]) {
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
    }
    // The pair handed out is the session's live one.
    const me = await t().call({ method: 'GET', url: '/console/api/auth/me', headers: { authorization: `Bearer ${first.body.data.access_token}` } });
    expect(me.status).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (RACE_GRACE_SECONDS + 1) * 1000 });
    expect((await refresh()).status).toBe(401);
    vi.useRealTimers();
    const next = await t().call({ method: 'POST', url: '/console/api/auth/refresh', payload: { refresh_token: first.body.data.refresh_token } });
    expect(next.status).toBe(401);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
