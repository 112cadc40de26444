import { expect, it } from 'vitest';
import { signUpAndLogin } from '#tests/helpers/auth.ts';
import { createDepartment, createStaff, staffLogin, staffPasswordStep } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const post = (t: TestApp, url: string, headers: object, payload: object) => t.call({ method: 'POST', url: `/console/api/${url}`, headers: headers as Record<string, string>, payload });
const lastAudit = (t: TestApp, action: string) =>
  t.db.selectFrom('auditLog').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();

describeEachDb('staff accounts', (t) => {
  it('creates an account with a one-time password that must be changed at the first sign-in', async () => {
    // A business account: an audit account waits for an auditor's confirmation (staff-change.test.ts).
    const admin = await staffLogin(t(), 'sysadmin');
    const dept = await createDepartment(t(), '企业服务一科');
    const res = await post(t(), 'staff/create', admin.headers, { loginName: 'wang.jing', name: '王静', phone: '13912345678', departmentId: dept, roles: ['editor'] });
    expect(res.status).toBe(200);
    const { id, password } = res.body.data;
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)\S{12}$/);
    const s = await staffLogin(t(), 'wang.jing', { password });
    const me = await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.headers });
    expect(me.body.data).toMatchObject({ name: '王静', roles: ['editor'], mustChangePassword: true, department: { id: dept, name: '企业服务一科' } });
    // The audit row keeps who did what to which account, never the password.
    const row = await lastAudit(t(), 'staff.create');
    expect(row).toMatchObject({ staffId: admin.staff.id, objectType: 'staff', objectId: String(id), result: 'ok' });
    expect(row!.changes).toContain('wang.jing');
    expect(row!.changes).not.toContain(password);

    const list = await post(t(), 'staff/pages', admin.headers, { keyword: 'wang.jing' });
    expect(list.body.data.records).toHaveLength(1);
    expect(list.body.data.records[0]).toMatchObject({ loginName: 'wang.jing', phone: '139****5678', roles: [{ code: 'editor', name: '内容编辑' }], mustChangePassword: true });
  });

  it('answers 400 with field messages and 409 for a taken login name', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const bad = await post(t(), 'staff/create', admin.headers, { loginName: '9x', name: '', phone: '123', roles: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      loginName: '登录账号至少 3 个字符',
      name: '请输入姓名',
      phone: '请输入正确的手机号（11位，以1开头）',
      roles: '请至少选择一个角色',
    });
    const taken = await post(t(), 'staff/create', admin.headers, { loginName: admin.staff.loginName, name: '重复', phone: '13912345679', roles: ['editor'] });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain('已被使用');
    const unknownRole = await post(t(), 'staff/create', admin.headers, { loginName: 'ghost', name: '某人', phone: '13912345679', roles: ['nobody'] });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.data.fields.roles).toBe('所选角色不存在，请刷新后重新选择');
    const handler = await post(t(), 'staff/create', admin.headers, { loginName: 'handler.x', name: '某人', phone: '13912345679', roles: ['handler'] });
    expect(handler.body.data.fields.departmentId).toBe('部门办理人须选择所属部门');
  });

  it('三权分立: one kind of role per account', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const mixed = await post(t(), 'staff/create', admin.headers, { loginName: 'mixed', name: '某人', phone: '13912345670', roles: ['sysadmin', 'editor'] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.data.fields.roles).toMatch(/一个账号只能持有同一类角色/);
    const other = await createStaff(t(), { role: 'editor' });
    const toAudit = await post(t(), 'staff/roles', admin.headers, { id: other.id, roles: ['editor', 'auditor'] });
    expect(toAudit.status).toBe(400);
    const business = await post(t(), 'staff/roles', admin.headers, { id: other.id, roles: ['editor', 'publisher'] });
    expect(business.status).toBe(200);
  });

  it('三权分立: nobody changes their own roles, status or password here', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const own = await post(t(), 'staff/roles', admin.headers, { id: admin.staff.id, roles: ['sysadmin'] });
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe('不能修改自己的角色，请由其他系统管理员调整');
    expect((await post(t(), 'staff/status', admin.headers, { id: admin.staff.id, status: 'disabled' })).status).toBe(403);
    expect((await post(t(), 'staff/reset-password', admin.headers, { id: admin.staff.id })).status).toBe(403);
  });

  it('三权分立: the last enabled sysadmin and auditor stay', async () => {
    // Earlier tests made sysadmins and auditors too: disable them, leaving `admin` and one auditor.
    const admin = await staffLogin(t(), 'sysadmin');
    const others = await t().db
      .selectFrom('staffAccount as s')
      .innerJoin('staffAccountRole as ar', 'ar.staffId', 's.id')
      .innerJoin('staffRole as r', 'r.id', 'ar.roleId')
      .select('s.id')
      .where('r.code', 'in', ['sysadmin', 'auditor'])
      .where('s.status', '=', 'active')
      .where('s.id', '!=', admin.staff.id)
      .execute();
    const auditor = await createStaff(t(), { role: 'auditor' });
    // Written directly: through the console, disabling an auditor waits for another auditor's confirmation.
    if (others.length) await t().db.updateTable('staffAccount').set({ status: 'disabled' }).where('id', 'in', others.map((o) => o.id)).execute();

    const lastAuditor = await post(t(), 'staff/status', admin.headers, { id: auditor.id, status: 'disabled' });
    expect(lastAuditor.status).toBe(409);
    expect(lastAuditor.body.msg).toBe('系统中至少要保留一名启用的安全审计员，请先为其他人设置该角色');
    const demote = await post(t(), 'staff/roles', admin.headers, { id: auditor.id, roles: ['editor'] });
    expect(demote.status).toBe(409);

    // With two sysadmins one may disable the other; then the remaining one is the last.
    const second = await createStaff(t(), { role: 'sysadmin' });
    const secondSession = await staffLogin(t(), second);
    expect((await post(t(), 'staff/status', secondSession.headers, { id: admin.staff.id, status: 'disabled' })).status).toBe(200);
    // The disabled admin's session ended with the disable.
    expect((await post(t(), 'staff/roles', admin.headers, { id: second.id, roles: ['auditor'] })).status).toBe(401);
    const another = await createStaff(t(), { role: 'editor' });
    expect((await post(t(), 'staff/roles', secondSession.headers, { id: another.id, roles: ['sysadmin'] })).status).toBe(200);
    expect((await post(t(), 'staff/status', secondSession.headers, { id: another.id, status: 'disabled' })).status).toBe(200);
    const selfLast = await post(t(), 'staff/roles', secondSession.headers, { id: second.id, roles: ['auditor'] });
    expect(selfLast.status).toBe(403);
  });

  it('disabling ends the sessions at once; a disabled account cannot sign in', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const editor = await staffLogin(t(), 'editor');
    // Signed in and served first: the gate now holds the account's grants in the process.
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: editor.headers })).status).toBe(200);
    expect((await post(t(), 'staff/status', admin.headers, { id: editor.staff.id, status: 'disabled' })).status).toBe(200);
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: editor.headers })).status).toBe(401);
    const again = await staffPasswordStep(t(), editor.staff.loginName, editor.staff.password);
    expect(again.status).toBe(403);
    expect(again.body.msg).toBe('该账号已停用，请联系系统管理员');
    const twice = await post(t(), 'staff/status', admin.headers, { id: editor.staff.id, status: 'disabled' });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('该账号已是停用状态');
  });

  it('a reset gives a new one-time password, ends the sessions and forces a change', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const editor = await staffLogin(t(), 'editor');
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: editor.headers })).status).toBe(200);
    const reset = await post(t(), 'staff/reset-password', admin.headers, { id: editor.staff.id });
    expect(reset.status).toBe(200);
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: editor.headers })).status).toBe(401);
    const again = await staffLogin(t(), editor.staff.loginName, { password: reset.body.data.password });
    const me = await t().call({ method: 'GET', url: '/console/api/auth/me', headers: again.headers });
    expect(me.body.data.mustChangePassword).toBe(true);
    expect((await lastAudit(t(), 'staff.reset-password'))!.changes).not.toContain(reset.body.data.password);
  });

  it('a revoked role takes effect on the next request', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const editor = await staffLogin(t(), 'editor');
    const me1 = await t().call({ method: 'GET', url: '/console/api/auth/me', headers: editor.headers });
    expect(me1.body.data.permissions).toContain('content:notice:edit');
    await post(t(), 'staff/roles', admin.headers, { id: editor.staff.id, roles: ['payer'] });
    const me2 = await t().call({ method: 'GET', url: '/console/api/auth/me', headers: editor.headers });
    expect(me2.body.data.permissions).toEqual(['free-declare:pay']);
    expect((await post(t(), 'notice/pages', editor.headers, {})).status).toBe(403);
  });

  it('refuses every staff call to anyone but a sysadmin, with a denied audit row', async () => {
    for (const role of ['auditor', 'editor', 'handler'] as const) {
      const s = await staffLogin(t(), role);
      const res = await post(t(), 'staff/pages', s.headers, {});
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('对不起，您没有权限访问');
      const row = await t().db.selectFrom('auditLog').selectAll().where('staffId', '=', s.staff.id).where('result', '=', 'denied').executeTakeFirst();
      expect(row).toMatchObject({ action: 'staff.pages', objectType: 'staff' });
    }
    const ent = await signUpAndLogin(t());
    expect((await post(t(), 'staff/pages', ent.headers, {})).status).toBe(401);
    expect((await post(t(), 'staff/pages', {}, {})).status).toBe(401);
  });

  it('refuses a cookie write from a foreign origin', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const res = await post(t(), 'staff/create', { ...admin.headers, origin: 'https://evil.example' }, { loginName: 'evil', name: '某人', phone: '13912345671', roles: ['editor'] });
    expect(res.status).toBe(403);
  });

  it('edits name, phone and department; unlock needs a lock', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const editor = await createStaff(t(), { role: 'editor' });
    const dept = await createDepartment(t());
    const res = await post(t(), 'staff/update', admin.headers, { id: editor.id, name: '新名字', phone: '13900001111', departmentId: dept });
    expect(res.status).toBe(200);
    const detail = await t().call({ method: 'GET', url: `/console/api/staff/detail?id=${editor.id}`, headers: admin.headers });
    expect(detail.body.data).toMatchObject({ name: '新名字', phone: '13900001111', departmentId: dept });
    // The person's own console shows the new name and department on the next request.
    const signedIn = await staffLogin(t(), editor);
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: signedIn.headers })).body.data.department.id).toBe(dept);
    await post(t(), 'staff/update', admin.headers, { id: editor.id, name: '又一个名字', phone: '13900001111', departmentId: null });
    const me = (await t().call({ method: 'GET', url: '/console/api/auth/me', headers: signedIn.headers })).body.data;
    expect(me).toMatchObject({ name: '又一个名字', department: null });
    expect((await post(t(), 'staff/unlock', admin.headers, { id: editor.id })).status).toBe(409);
    expect((await post(t(), 'staff/update', admin.headers, { id: 999999, name: '某人', phone: '13900001111' })).status).toBe(404);
  });
});
