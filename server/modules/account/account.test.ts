import { expect, it } from 'vitest';
import { PASSWORD_MESSAGE } from '#contract/validators.ts';
import { apiClient, cookiesOf, describeEachBackend, signUpAndLogin, TEST_ORIGIN, uniquePhone, validUscc } from '#tests/helpers/auth.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import * as repo from './account.repository.ts';

const enterpriseInput = (uscc: string, name: string) => ({
  name,
  uscc,
  legalPerson: '周建华',
  industry: 'I',
  scale: 'small',
  provinceCode: '310000',
  cityCode: '310100',
  countyCode: '310115',
  address: '基隆路 6 号 1208 室',
  contactName: '陈思远',
  contactPhone: '021-58681234',
});

describeEachBackend('个人中心', (t) => {
  it('shows the owner the unmasked phone in the profile, and masked everywhere else', async () => {
    const a = await signUpAndLogin(t(), { contactName: '孙丽' });
    const profile = await t().call({ method: 'GET', url: '/admin/user/profile', headers: a.headers });
    expect(profile.status).toBe(200);
    expect(profile.body.data.user).toMatchObject({ nickName: '孙丽', phone: a.phone, maskedPhone: `${a.phone.slice(0, 3)}****${a.phone.slice(7)}`, hasPassword: true, ssoLinked: false });
    expect(profile.body.data.enterprise.id).toBe(a.enterpriseId);
    expect(await t().app.services.account.profile(a.userId)).toEqual(profile.body.data);
    const me = await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: a.headers });
    expect(me.body.data.tel).not.toContain(a.phone.slice(3, 7));
    expect((await t().call({ method: 'GET', url: '/admin/user/profile' })).status).toBe(401);
  });

  it('tells an anonymous caller to sign in before it looks at the body (401, not 400)', async () => {
    const bad = { nickName: 42, oldPassword: [], uscc: '?' };
    for (const url of ['/admin/user/update', '/admin/user/password', '/admin/user/enterprise', '/api/appeal/save', '/admin/user/messages/read', '/api/book/gov/star']) {
      const res = await t().call({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, payload: bad });
      expect([url, res.status, res.body.msg]).toEqual([url, 401, '请先登录后再操作']);
    }
  });

  it('updates the nickname (re-signing the access cookie) and the avatar, which must be an own uploaded image', async () => {
    const a = await signUpAndLogin(t());
    const res = await t().call({ method: 'POST', url: '/admin/user/update', headers: a.headers, payload: { nickName: '  小陈  ' } });
    expect(res.body).toMatchObject({ code: 0, msg: '个人资料已保存' });
    const fresh = cookiesOf(res.headers).web_access_token.value;
    const me = await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: { authorization: `Bearer ${fresh}` } });
    expect(me.body.data.nickName).toBe('小陈');
    expect((await t().app.services.sessions.authenticate(fresh)).user?.nickName).toBe('小陈');

    const upload = async (who: typeof a, name: string, content: Buffer) => {
      const { payload, headers } = multipartFile(name, content);
      const r = await t().call({ method: 'POST', url: '/uaa/api/upload/file', headers: { ...who.headers, ...headers }, payload });
      expect(r.status, r.body.msg).toBe(200);
      return r.body.data.path as string;
    };
    const png = await upload(a, '头像.png', SAMPLES.png());
    const ok = await t().call({ method: 'POST', url: '/admin/user/update', headers: a.headers, payload: { nickName: '小陈', avatar: png } });
    expect(ok.status).toBe(200);
    expect((await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: a.headers })).body.data.image).toBe(png);

    const pdf = await upload(a, '营业执照.pdf', SAMPLES.pdf());
    const notImage = await t().call({ method: 'POST', url: '/admin/user/update', headers: a.headers, payload: { nickName: '小陈', avatar: pdf } });
    expect(notImage.body.data.fields.avatar).toBe('头像须为 JPG 或 PNG 图片');
    const b = await signUpAndLogin(t());
    const someoneElses = await t().call({ method: 'POST', url: '/admin/user/update', headers: b.headers, payload: { nickName: '乙', avatar: png } });
    expect(someoneElses.status).toBe(400);
    const empty = await t().call({ method: 'POST', url: '/admin/user/update', headers: a.headers, payload: { nickName: '   ' } });
    expect(empty.body.data.fields.nickName).toBe('请输入昵称');
    const cleared = await t().call({ method: 'POST', url: '/admin/user/update', headers: a.headers, payload: { nickName: '小陈', avatar: '' } });
    expect(cleared.status).toBe(200);
    expect((await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: a.headers })).body.data.image).toBeNull();
  });

  it('changes the password: old one checked, rule and confirmation, other sessions end, this one stays', async () => {
    const a = await signUpAndLogin(t());
    const other = await apiClient(t()).login(a.phone, a.password);
    expect(other.status).toBe(200);
    const change = (body: object) => t().call({ method: 'POST', url: '/admin/user/password', headers: a.headers, payload: body });
    expect((await change({ oldPassword: 'Nope#2026x', newPassword: 'Next#Pass2026', confirmPassword: 'Next#Pass2026' })).body.data.fields.oldPassword).toBe('原密码不正确');
    expect((await change({ oldPassword: a.password, newPassword: 'weakpass', confirmPassword: 'weakpass' })).body.data.fields.newPassword).toBe(PASSWORD_MESSAGE);
    expect((await change({ oldPassword: a.password, newPassword: 'Next#Pass2026', confirmPassword: 'Next#Pass2027' })).body.data.fields.confirmPassword).toBe('两次输入的新密码不一致');
    expect((await change({ oldPassword: a.password, newPassword: a.password, confirmPassword: a.password })).body.data.fields.newPassword).toBe('新密码不能与原密码相同');
    expect((await change({ oldPassword: a.password, newPassword: 'Welcome@123', confirmPassword: 'Welcome@123' })).body.data.fields.newPassword).toBe('该密码过于常见，容易被猜中，请换一个');
    const done = await change({ oldPassword: a.password, newPassword: 'Next#Pass2026', confirmPassword: 'Next#Pass2026' });
    expect(done.body).toMatchObject({ code: 0, msg: '密码已修改，其他设备上的登录已退出' });

    expect((await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: a.headers })).status).toBe(200);
    expect((await t().call({ method: 'POST', url: '/uaa/api/refresh-token', payload: { refresh_token: a.refreshToken } })).status).toBe(200);
    const otherMe = await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: { authorization: `Bearer ${other.body.data.access_token}` } });
    expect(otherMe.status).toBe(401);
    expect((await t().call({ method: 'POST', url: '/uaa/api/refresh-token', payload: { refresh_token: other.body.data.refresh_token } })).status).toBe(401);
    expect((await apiClient(t()).login(a.phone, 'Next#Pass2026')).status).toBe(200);
    const audit = await t().db.selectFrom('auditLog').select('action').where('userId', '=', a.userId).execute();
    expect(audit.map((r) => r.action)).toContain('password_change');
  });

  it('saves the enterprise profile with dictionary and region checks; the USCC stays as registered', async () => {
    const uscc = validUscc(5150);
    const a = await signUpAndLogin(t(), { uscc, enterpriseName: '上海保税仓储物流有限公司' });
    const save = (body: object) => t().call({ method: 'POST', url: '/admin/user/enterprise', headers: a.headers, payload: body });
    const input = enterpriseInput(uscc, '上海保税仓储物流有限公司');
    expect((await save(input)).body).toMatchObject({ code: 0, msg: '企业信息已保存' });
    const profile = await t().app.services.account.profile(a.userId);
    expect(profile.enterprise).toMatchObject({ ...input, uscc, regionText: '上海市浦东新区' });

    expect((await save({ ...input, uscc: validUscc(5151) })).body.data.fields.uscc).toBe('统一社会信用代码不能修改');
    expect((await save({ ...input, countyCode: '110101' })).body.data.fields.countyCode).toBe('请按省、市、区县依次选择所在地区');
    expect((await save({ ...input, industry: 'ZZ' })).body.data.fields.industry).toBe('请从列表中选择所属行业');
    expect((await save({ ...input, scale: 'huge' })).body.data.fields.scale).toBe('请从列表中选择企业规模');
    expect((await save({ ...input, contactPhone: '12345' })).body.data.fields.contactPhone).toBe('请输入正确的手机号或固定电话');
    expect((await save({ ...input, provinceCode: '31' })).status).toBe(400);
    // a city without counties (东莞市) needs no county
    const dongguan = await save({ ...input, provinceCode: '440000', cityCode: '441900', countyCode: null });
    expect(dongguan.status).toBe(200);
  });

  it('lets an account without an enterprise (made by SSO) create it, or join one by its USCC', async () => {
    const phone = uniquePhone();
    const userId = await repo.insertUser(t().db, { phone, passwordHash: null, nickName: '统一认证用户', enterpriseId: null });
    const session = await t().app.services.sessions.start({ id: userId, enterpriseId: null, nickName: '统一认证用户' });
    const headers = { cookie: `web_access_token=${session.access_token}`, origin: TEST_ORIGIN };
    const profile = await t().call({ method: 'GET', url: '/admin/user/profile', headers });
    expect(profile.body.data.enterprise).toBeNull();
    expect(profile.body.data.user.hasPassword).toBe(false);
    const noPassword = await t().call({ method: 'POST', url: '/admin/user/password', headers, payload: { oldPassword: 'x', newPassword: 'Next#Pass2026', confirmPassword: 'Next#Pass2026' } });
    expect(noPassword.body.msg).toMatch(/忘记密码/);

    const uscc = validUscc(6160);
    const res = await t().call({ method: 'POST', url: '/admin/user/enterprise', headers, payload: enterpriseInput(uscc, '上海新设科技有限公司') });
    expect(res.status).toBe(200);
    const token = cookiesOf(res.headers).web_access_token.value;
    const me = await t().call({ method: 'GET', url: '/admin/user/loginUser', headers: { authorization: `Bearer ${token}` } });
    expect(me.body.data.enterprise).toMatchObject({ name: '上海新设科技有限公司', uscc });
    expect((await t().app.services.sessions.authenticate(token)).user?.enterpriseId).toBe(me.body.data.enterprise.id);

    const p2 = uniquePhone();
    const u2 = await repo.insertUser(t().db, { phone: p2, passwordHash: null, nickName: '乙', enterpriseId: null });
    const s2 = await t().app.services.sessions.start({ id: u2, enterpriseId: null, nickName: '乙' });
    const h2 = { cookie: `web_access_token=${s2.access_token}`, origin: TEST_ORIGIN };
    const wrongName = await t().call({ method: 'POST', url: '/admin/user/enterprise', headers: h2, payload: enterpriseInput(uscc, '另一家公司名称') });
    expect(wrongName.body.data.fields.name).toBe('企业名称与登记信息不一致');
    expect((await t().call({ method: 'POST', url: '/admin/user/enterprise', headers: h2, payload: enterpriseInput(uscc, '上海新设科技有限公司') })).status).toBe(200);
    expect((await repo.findUserById(t().db, u2))?.enterpriseId).toBe(me.body.data.enterprise.id);
  });
});
