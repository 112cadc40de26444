import { expect, it } from 'vitest';
import { formatDate } from '#contract/format.ts';
import { PASSWORD_MESSAGE } from '#contract/validators.ts';
import { apiClient, describeEachBackend, TEST_PASSWORD, uniquePhone, validUscc } from '#tests/helpers/auth.ts';
import { FIXED_CAPTCHA } from '../../platform/auth/captcha.ts';
import { FIXED_SMS_CODE } from '../../platform/sms/sms.ts';

const auditOf = (t: ReturnType<Parameters<Parameters<typeof describeEachBackend>[1]>[0]>, userId: number) =>
  t.db.selectFrom('auditLog').selectAll().where('userId', '=', userId).orderBy('id').execute();

describeEachBackend('注册与短信验证码', (t) => {
  it('draws an SVG captcha, keeps its answer 5 minutes, and refuses a malformed key', async () => {
    const c = apiClient(t());
    const res = await t().app.inject({ method: 'GET', url: '/fykj/captcha?uuid=abcdef12-3456', remoteAddress: c.remoteAddress });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(await t().kv.get('captcha:abcdef12-3456')).toBe(FIXED_CAPTCHA);
    const ttl = await t().kv.ttl('captcha:abcdef12-3456');
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(300);
    for (const uuid of ['', 'short', 'a'.repeat(65), '../../etc']) {
      const bad = await c.call({ method: 'GET', url: `/fykj/captcha?uuid=${encodeURIComponent(uuid)}` });
      expect(bad.status, uuid).toBe(400);
    }
  });

  it('sends a register code to a new phone and answers the same for a registered one without sending', async () => {
    const c = apiClient(t());
    const fresh = uniquePhone();
    const sent = await c.sms(fresh);
    expect(sent.status, sent.body.msg).toBe(200);
    expect(await t().kv.get(`sms:code:register:${fresh}`)).toBe(FIXED_SMS_CODE);

    const phone = uniquePhone();
    expect((await c.sms(phone)).status).toBe(200);
    expect((await c.register({ phone, uscc: validUscc(101), enterpriseName: '上海浦江精密机械有限公司' })).body.code).toBe(0);
    await t().kv.del(`sms:cool:${phone}`);
    const again = await apiClient(t()).sms(phone);
    expect(again.status).toBe(200);
    expect(again.body.msg).toBe(sent.body.msg);
    expect(await t().kv.get(`sms:code:register:${phone}`)).toBeNull();

    // reset: the mirror image
    const unknown = uniquePhone();
    const r1 = await apiClient(t()).sms(unknown, 'reset');
    expect(r1.body.msg).toBe(sent.body.msg);
    expect(await t().kv.get(`sms:code:reset:${unknown}`)).toBeNull();
    await t().kv.del(`sms:cool:${phone}`);
    expect((await apiClient(t()).sms(phone, 'reset')).status).toBe(200);
    expect(await t().kv.get(`sms:code:reset:${phone}`)).toBe(FIXED_SMS_CODE);
  });

  it('needs a right image captcha before sending, and spends it either way', async () => {
    const c = apiClient(t());
    const phone = uniquePhone();
    const uuid = await c.captcha();
    const wrong = await c.call({ method: 'POST', url: '/fykj/sms', payload: { phone, scene: 'register', uuid, code: '1234' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/图形验证码不正确/);
    const reused = await c.call({ method: 'POST', url: '/fykj/sms', payload: { phone, scene: 'register', uuid, code: FIXED_CAPTCHA } });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toMatch(/图形验证码已失效/);
    const never = await c.call({ method: 'POST', url: '/fykj/sms', payload: { phone, scene: 'register', uuid: 'never-drawn-123', code: FIXED_CAPTCHA } });
    expect(never.body.msg).toMatch(/已失效/);
    const missing = await c.call({ method: 'POST', url: '/fykj/sms', payload: { phone, scene: 'register' } });
    expect(missing.status).toBe(400);
    expect(await t().kv.get(`sms:code:register:${phone}`)).toBeNull();
  });

  it('waits 60 s between codes to one phone and allows 10 a day', async () => {
    const phone = uniquePhone();
    expect((await apiClient(t()).sms(phone)).status).toBe(200);
    const soon = await apiClient(t()).sms(phone);
    expect(soon.status).toBe(429);
    expect(soon.body.msg).toMatch(/^短信验证码发送过于频繁，请 \d+ 秒后再试$/);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(50);

    const day = formatDate(new Date());
    for (let i = 0; i < 8; i++) await t().kv.incr(`sms:day:${phone}:${day}`, 3600);
    await t().kv.del(`sms:cool:${phone}`);
    expect((await apiClient(t()).sms(phone)).status).toBe(200); // the 10th
    await t().kv.del(`sms:cool:${phone}`);
    const eleventh = await apiClient(t()).sms(phone);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.msg).toBe('该手机号今日接收验证码已达 10 次，请明天再试');
  });

  it('registers: creates the enterprise, nickName from the contact, audit row; joins an existing USCC', async () => {
    const c = apiClient(t());
    const phone = uniquePhone();
    await c.sms(phone);
    const uscc = validUscc(202).toLowerCase();
    const res = await c.register({ phone, uscc, enterpriseName: '上海临港智能装备有限公司', contactName: '王红' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, msg: '注册成功，请登录', data: null });
    const user = await t().db.selectFrom('userAccount').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(user.nickName).toBe('王红');
    expect(user.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
    const ent = await t().db.selectFrom('enterprise').selectAll().where('id', '=', user.enterpriseId!).executeTakeFirstOrThrow();
    expect(ent).toMatchObject({ name: '上海临港智能装备有限公司', uscc: validUscc(202), contactName: '王红', contactPhone: phone });
    expect((await auditOf(t(), user.id)).map((a) => a.action)).toEqual(['register']);

    const colleague = uniquePhone();
    await c.sms(colleague);
    expect((await c.register({ phone: colleague, uscc: validUscc(202), enterpriseName: '上海临港智能装备有限公司', contactName: '赵强' })).status).toBe(200);
    const second = await t().db.selectFrom('userAccount').select('enterpriseId').where('phone', '=', colleague).executeTakeFirstOrThrow();
    expect(second.enterpriseId).toBe(user.enterpriseId);

    const other = uniquePhone();
    await c.sms(other);
    const mismatch = await c.register({ phone: other, uscc: validUscc(202), enterpriseName: '上海临港另一家有限公司' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.fields.enterpriseName).toMatch(/企业名称与填写的不一致/);
    // the name check comes before the SMS code, which stays usable
    expect(await t().kv.get(`sms:code:register:${other}`)).toBe(FIXED_SMS_CODE);
  });

  it('validates the payload before the SMS code, so a mistyped password does not burn it', async () => {
    const c = apiClient(t());
    const phone = uniquePhone();
    await c.sms(phone);
    for (const password of ['alllowercase1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12', 'Has Space1!', 'A1!a'.repeat(6)]) {
      const res = await c.register({ phone, password, uscc: validUscc(303) });
      expect(res.status, password).toBe(400);
      expect(res.body.data.fields.password, password).toBe(PASSWORD_MESSAGE);
    }
    const common = await c.register({ phone, password: 'P@ssw0rd123', uscc: validUscc(303) });
    expect(common.status).toBe(400);
    expect(common.body.data.fields.password).toBe('该密码过于常见，容易被猜中，请换一个');
    const badUscc = await c.register({ phone, uscc: validUscc(303).slice(0, 17) + (validUscc(303)[17] === '0' ? '1' : '0') });
    expect(badUscc.body.data.fields.uscc).toBe('统一社会信用代码校验位不正确，请核对营业执照');
    const short = await c.register({ phone, uscc: '9131' });
    expect(short.body.data.fields.uscc).toBe('统一社会信用代码应为 18 位');
    const badPhone = await c.register({ phone: '2380013800', uscc: validUscc(303) });
    expect(badPhone.body.data.fields.phone).toMatch(/手机号/);
    expect(await t().kv.get(`sms:code:register:${phone}`)).toBe(FIXED_SMS_CODE);
    // a new address: this one has used up its 10 registration attempts an hour
    const done = await apiClient(t()).register({ phone, uscc: validUscc(303), password: 'Ab1!cdefgh' });
    expect(done.body.code).toBe(0);
  });

  it('refuses a wrong, expired or used SMS code; five wrong tries end the code', async () => {
    const c = apiClient(t());
    const phone = uniquePhone();
    await c.sms(phone);
    for (let i = 1; i <= 4; i++) {
      const res = await c.register({ phone, smsCode: '000000', uscc: validUscc(404) });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(`短信验证码不正确，还可再试 ${5 - i} 次`);
    }
    const fifth = await c.register({ phone, smsCode: '000000', uscc: validUscc(404) });
    expect(fifth.body.msg).toBe('短信验证码错误次数过多，已失效，请重新获取');
    const right = await c.register({ phone, uscc: validUscc(404) });
    expect(right.status).toBe(400);
    expect(right.body.data.fields.smsCode).toBe('短信验证码错误或已失效');

    const p2 = uniquePhone();
    await c.sms(p2);
    expect(await t().kv.ttl(`sms:code:register:${p2}`)).toBeGreaterThan(290);
    await t().kv.del(`sms:code:register:${p2}`); // what 5 minutes do
    expect((await c.register({ phone: p2, uscc: validUscc(405) })).body.data.fields.smsCode).toBe('短信验证码错误或已失效');

    const p3 = uniquePhone();
    await c.sms(p3);
    expect((await c.register({ phone: p3, uscc: validUscc(406) })).body.code).toBe(0);
    await t().kv.set(`sms:code:register:${p3}`, FIXED_SMS_CODE, 300); // as if a code were issued again
    const twice = await c.register({ phone: p3, uscc: validUscc(406) });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('该手机号已注册，请直接登录');
    expect((await c.register({ phone: p3, uscc: validUscc(406) })).body.data.fields.smsCode).toBe('短信验证码错误或已失效');
  });
});

describeEachBackend('登录、锁定与找回密码', (t) => {
  async function account() {
    const c = apiClient(t());
    const phone = uniquePhone();
    await c.sms(phone);
    const reg = await c.register({ phone, uscc: validUscc(Number(phone.slice(-6))), enterpriseName: `上海测试${phone.slice(-4)}有限公司` });
    expect(reg.body.code).toBe(0);
    const user = await t().db.selectFrom('userAccount').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    return { c, phone, user };
  }

  it('logs in with the image captcha: tokens in data and in HttpOnly SameSite=Lax cookies', async () => {
    const { c, phone, user } = await account();
    const res = await c.login(phone, TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('登录成功');
    const { access_token, refresh_token } = res.body.data;
    expect(access_token.split('.')).toHaveLength(3);
    expect(refresh_token).toMatch(/^[\w-]{43}$/);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    const access = cookies.find((x) => x.startsWith('web_access_token='))!;
    const refresh = cookies.find((x) => x.startsWith('web_refresh_token='))!;
    for (const cookie of [access, refresh]) {
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/; Secure/); // plain HTTP here
    }
    expect(access).toMatch(/Max-Age=900/);
    expect(res.headers['cache-control']).toBe('no-store');
    const stored = await t().db.selectFrom('refreshToken').selectAll().where('userId', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toBe(refresh_token);
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const me = await c.call({ method: 'GET', url: '/admin/user/loginUser', headers: { authorization: `Bearer ${access_token}` } });
    expect(me.body.data).toMatchObject({ nickName: '李明', loginName: phone, tel: `${phone.slice(0, 3)}****${phone.slice(7)}`, image: null });
    expect(me.body.data.enterprise.uscc).toMatch(/^91310115/);
    expect((await auditOf(t(), user.id)).map((a) => a.action)).toEqual(['register', 'login']);
  });

  it('requires the image captcha and says 账号或密码错误 alike for a wrong password and an unknown account', async () => {
    const { c, phone } = await account();
    const noCaptcha = await c.call({ method: 'POST', url: '/fykj/en-login', payload: { loginName: phone, password: TEST_PASSWORD } });
    expect(noCaptcha.status).toBe(400);
    const wrongCaptcha = await c.call({ method: 'POST', url: '/fykj/en-login', payload: { loginName: phone, password: TEST_PASSWORD, uuid: await c.captcha(), code: 'zzzz' } });
    expect(wrongCaptcha.body.msg).toMatch(/图形验证码不正确/);
    const wrong = await c.login(phone, 'Wrong#Pass1');
    const unknown = await c.login(uniquePhone(), 'Wrong#Pass1');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.msg).toBe('账号或密码错误，再错 4 次账号将锁定 15 分钟');
    expect(unknown.body.msg).toBe(wrong.body.msg);
  });

  it('locks after five wrong passwords in a row for 15 minutes, says so, and unlocks afterwards', async () => {
    const { c, phone, user } = await account();
    for (let i = 1; i <= 4; i++) expect((await c.login(phone, 'Wrong#Pass1')).body.msg).toMatch(/^账号或密码错误/);
    const fifth = await c.login(phone, 'Wrong#Pass1');
    expect(fifth.status).toBe(429);
    expect(fifth.body.msg).toBe('密码连续错误 5 次，账号已锁定，请 15 分钟后再试');
    const locked = await c.login(phone, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/账号已锁定，请 1[45] 分钟后再试/);
    const row = await t().db.selectFrom('userAccount').select('lockedUntil').where('id', '=', user.id).executeTakeFirstOrThrow();
    const minutes = (Date.parse(row.lockedUntil!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.5);
    expect(minutes).toBeLessThanOrEqual(15);

    await t().db.updateTable('userAccount').set({ lockedUntil: new Date(Date.now() - 1000).toISOString() }).where('id', '=', user.id).execute();
    expect((await c.login(phone, TEST_PASSWORD)).status).toBe(200);
    expect((await c.login(phone, 'Wrong#Pass1')).body.msg).toBe('账号或密码错误，再错 4 次账号将锁定 15 分钟');
    const actions = (await auditOf(t(), user.id)).map((a) => a.action);
    expect(actions.filter((a) => a === 'lock')).toHaveLength(1);
    expect(actions.filter((a) => a === 'login_failed').length).toBeGreaterThanOrEqual(5);
  });

  it('resets the count on success, and locks an unknown login name the same way', async () => {
    const { c, phone } = await account();
    for (let i = 0; i < 4; i++) await c.login(phone, 'Wrong#Pass1');
    expect((await c.login(phone, TEST_PASSWORD)).status).toBe(200);
    for (let i = 1; i <= 4; i++) expect((await c.login(phone, 'Wrong#Pass1')).status).toBe(400);

    const ghost = uniquePhone();
    for (let i = 0; i < 4; i++) await c.login(ghost, 'Wrong#Pass1');
    expect((await c.login(ghost, 'Wrong#Pass1')).body.msg).toBe('密码连续错误 5 次，账号已锁定，请 15 分钟后再试');
  });

  it('refuses a disabled account only after the right password', async () => {
    const { c, phone, user } = await account();
    await t().db.updateTable('userAccount').set({ status: 'disabled' }).where('id', '=', user.id).execute();
    expect((await c.login(phone, 'Wrong#Pass1')).body.msg).toMatch(/^账号或密码错误/);
    const res = await c.login(phone, TEST_PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('该账号已停用，请联系平台管理员');
  });

  it('resets the password by SMS, ends every session, and unlocks', async () => {
    const { c, phone, user } = await account();
    const s1 = (await c.login(phone, TEST_PASSWORD)).body.data;
    const s2 = (await c.login(phone, TEST_PASSWORD)).body.data;
    for (let i = 0; i < 5; i++) await c.login(phone, 'Wrong#Pass1');
    await t().kv.del(`sms:cool:${phone}`); // registration's code went out a moment ago
    expect((await c.sms(phone, 'reset')).status).toBe(200);
    const weak = await c.call({ method: 'POST', url: '/fykj/forgot-password', payload: { phone, smsCode: FIXED_SMS_CODE, password: 'weak' } });
    expect(weak.body.data.fields.password).toBe(PASSWORD_MESSAGE);
    const common = await c.call({ method: 'POST', url: '/fykj/forgot-password', payload: { phone, smsCode: FIXED_SMS_CODE, password: 'Admin@123' } });
    expect(common.body.msg).toBe('该密码过于常见，容易被猜中，请换一个');
    const wrongCode = await c.call({ method: 'POST', url: '/fykj/forgot-password', payload: { phone, smsCode: '999999', password: 'New#Pass2026' } });
    expect(wrongCode.body.data.fields.smsCode).toBe('短信验证码不正确');
    const res = await c.call({ method: 'POST', url: '/fykj/forgot-password', payload: { phone, smsCode: FIXED_SMS_CODE, password: 'New#Pass2026' } });
    expect(res.body).toMatchObject({ code: 0, msg: '密码已重置，请使用新密码登录' });

    for (const s of [s1, s2]) {
      const me = await c.call({ method: 'GET', url: '/admin/user/loginUser', headers: { authorization: `Bearer ${s.access_token}` } });
      expect(me.status).toBe(401);
      const refreshed = await c.call({ method: 'POST', url: '/uaa/api/refresh-token', payload: { refresh_token: s.refresh_token } });
      expect(refreshed.status).toBe(401);
    }
    expect((await c.login(phone, TEST_PASSWORD)).status).toBe(400);
    expect((await c.login(phone, 'New#Pass2026')).status).toBe(200);
    expect((await auditOf(t(), user.id)).map((a) => a.action)).toContain('password_reset');
  });

  it('answers 400 with field messages for a malformed login or reset, never 500', async () => {
    const c = apiClient(t());
    for (const payload of [{}, { loginName: 123 }, { loginName: 'x', password: 'y'.repeat(100), uuid: 'abcdefgh', code: '1' }]) {
      const res = await c.call({ method: 'POST', url: '/fykj/en-login', payload: payload as object });
      expect(res.status).toBe(400);
    }
    const res = await c.call({ method: 'POST', url: '/fykj/forgot-password', payload: { phone: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.phone).toBeTruthy();
  });
});

describeEachBackend(
  '随机验证码（未开启 DEV_FIXED_CODES）',
  (t) => {
    it('checks the drawn captcha without case and issues a random 6-digit SMS code', async () => {
      const c = apiClient(t());
      const uuid = await c.captcha();
      const answer = (await t().kv.get(`captcha:${uuid}`))!;
      expect(answer).toMatch(/^[a-z0-9]{4}$/);
      const phone = uniquePhone();
      const res = await c.call({ method: 'POST', url: '/fykj/sms', payload: { phone, scene: 'register', uuid, code: answer.toUpperCase() } });
      expect(res.status).toBe(200);
      const code = (await t().kv.get(`sms:code:register:${phone}`))!;
      expect(code).toMatch(/^\d{6}$/);
      const reg = await c.register({ phone, smsCode: code, uscc: validUscc(909) });
      expect(reg.body.code).toBe(0);
    });
  },
  { DEV_FIXED_CODES: '0' },
);
