import { expect, it } from 'vitest';
import { STAFF_CHANGE_PENDING_MESSAGE } from '#contract/staff-change.ts';
import { createStaff, staffLogin, staffPasswordStep, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const post = (t: TestApp, url: string, s: StaffSession, payload: object) => t.call({ method: 'POST', url: `/console/api/${url}`, headers: s.headers, payload });
const inbox = async (t: TestApp, s: StaffSession) =>
  (await t.call({ method: 'GET', url: '/console/api/staff-message', headers: s.headers })).body.data.records as { title: string; content: string; link: string }[];
const pending = async (t: TestApp, s: StaffSession) => (await post(t, 'staff-change/pages', s, { status: 'pending', pageSize: 50 })).body.data.records as { id: number; summary: string; phone: string | null; staffId: number | null }[];

/** 三权分立 (docs/console.md "Roles"): the system side cannot take over or create the audit side. */
describeEachDb('changes to audit accounts wait for an auditor', (t) => {
  it('a password reset of an auditor gives the administrator nothing; the approving auditor gets the one-time password', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const target = await createStaff(t(), { role: 'auditor' });
    const other = await staffLogin(t(), 'auditor');

    const reset = await post(t(), 'staff/reset-password', admin, { id: target.id });
    expect(reset.status).toBe(200);
    expect(reset.body.msg).toBe(STAFF_CHANGE_PENDING_MESSAGE);
    expect(reset.body.data).not.toHaveProperty('password');
    const changeId = reset.body.data.pendingChangeId;
    // Nothing changed yet: the auditor's own password still signs in.
    expect((await staffPasswordStep(t(), target.loginName, target.password)).status).toBe(200);

    // The auditors are told in-site and see it in the audit log; the administrator cannot decide.
    expect((await inbox(t(), other))[0]).toMatchObject({ title: `待确认：重置密码（${target.loginName}）`, link: '/console/staff-changes' });
    const rows = await post(t(), 'audit/pages', other, { action: 'staff-change.request', objectId: String(changeId) });
    expect(rows.body.data.records[0]).toMatchObject({ loginName: admin.staff.loginName, objectType: 'staff_change', detail: expect.stringContaining('重置安全审计员') });
    expect((await post(t(), 'staff-change/approve', admin, { id: changeId })).status).toBe(403);

    const approved = await post(t(), 'staff-change/approve', other, { id: changeId });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: target.id, password: expect.stringMatching(/^\S{12}$/) });
    expect((await staffPasswordStep(t(), target.loginName, target.password)).status).toBe(400);
    expect((await staffPasswordStep(t(), target.loginName, approved.body.data.password)).status).toBe(200);
    expect((await post(t(), 'staff-change/approve', other, { id: changeId })).status).toBe(409);
    const decided = await post(t(), 'audit/pages', other, { action: 'staff-change.approve', loginName: other.staff.loginName });
    // The approval, then the second attempt refused (newest first).
    expect(decided.body.data.records.map((r: { result: string; objectId: string }) => [r.result, r.objectId])).toEqual([
      ['failed', String(changeId)],
      ['ok', String(changeId)],
    ]);
  });

  it("an auditor's new phone waits; a rejection keeps the old one and tells the administrators", async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const target = await createStaff(t(), { role: 'auditor', name: '王静' });
    const auditor = await staffLogin(t(), 'auditor');

    const change = await post(t(), 'staff/update', admin, { id: target.id, name: '王静', phone: '13900009999', departmentId: null });
    expect(change.body.msg).toBe(STAFF_CHANGE_PENDING_MESSAGE);
    const [row] = (await pending(t(), auditor)).filter((r) => r.staffId === target.id);
    expect(row).toMatchObject({ phone: '13900009999', summary: `将安全审计员 王静（${target.loginName}） 的手机号由 ${target.phone.slice(0, 3)}****${target.phone.slice(7)} 改为 139****9999` });
    const detail = await t().call({ method: 'GET', url: `/console/api/staff/detail?id=${target.id}`, headers: admin.headers });
    expect(detail.body.data.phone).toBe(target.phone);
    // One waiting change per account.
    const again = await post(t(), 'staff/reset-password', admin, { id: target.id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('已有一项待安全审计员确认的变更');

    expect((await post(t(), 'staff-change/reject', auditor, { id: row.id })).body.data.fields).toEqual({ reason: '请填写驳回理由' });
    expect((await post(t(), 'staff-change/reject', auditor, { id: row.id, reason: '本人未申请更换手机号' })).status).toBe(200);
    expect((await t().call({ method: 'GET', url: `/console/api/staff/detail?id=${target.id}`, headers: admin.headers })).body.data.phone).toBe(target.phone);
    expect((await inbox(t(), admin))[0]).toMatchObject({ title: `安全审计员驳回了变更（${target.loginName}）`, content: expect.stringContaining('本人未申请更换手机号') });

    // A name alone is no take-over: it is saved at once.
    const renamed = await post(t(), 'staff/update', admin, { id: target.id, name: '王静静', phone: target.phone, departmentId: null });
    expect(renamed.body).toMatchObject({ msg: '已保存', data: { id: target.id } });
  });

  it('an account with the auditor role is created, given or disabled only once an auditor confirms', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const auditor = await staffLogin(t(), 'auditor');
    const created = await post(t(), 'staff/create', admin, { loginName: 'shadow.audit', name: '影子', phone: '13900001111', roles: ['auditor'] });
    expect(created.body).toMatchObject({ msg: STAFF_CHANGE_PENDING_MESSAGE, data: { summary: '新建安全审计员账号 影子（shadow.audit），手机 139****1111' } });
    expect(created.body.data).not.toHaveProperty('password');
    expect((await post(t(), 'staff/pages', admin, { keyword: 'shadow.audit' })).body.data.total).toBe(0);

    const editor = await createStaff(t(), { role: 'editor' });
    const promote = await post(t(), 'staff/roles', admin, { id: editor.id, roles: ['auditor'] });
    expect(promote.body.msg).toBe(STAFF_CHANGE_PENDING_MESSAGE);
    const me = await staffLogin(t(), editor);
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: me.headers })).body.data.roles).toEqual(['editor']);

    const victim = await createStaff(t(), { role: 'auditor' });
    const disable = await post(t(), 'staff/status', admin, { id: victim.id, status: 'disabled' });
    expect(disable.body.msg).toBe(STAFF_CHANGE_PENDING_MESSAGE);
    expect((await staffPasswordStep(t(), victim.loginName, victim.password)).status).toBe(200);

    const waiting = await pending(t(), auditor);
    const creation = waiting.find((r) => r.staffId === null && r.summary.includes('shadow.audit'))!;
    expect(creation.phone).toBe('13900001111');
    const approved = await post(t(), 'staff-change/approve', auditor, { id: creation.id });
    expect(approved.body.msg).toBe('已确认，变更已生效');
    const shadow = await staffLogin(t(), 'shadow.audit', { password: approved.body.data.password });
    expect((await t().call({ method: 'GET', url: '/console/api/auth/me', headers: shadow.headers })).body.data).toMatchObject({ roles: ['auditor'], mustChangePassword: true });

    // Business accounts are the administrator's alone, as before.
    const plain = await createStaff(t(), { role: 'editor' });
    expect((await post(t(), 'staff/roles', admin, { id: plain.id, roles: ['publisher'] })).body).toMatchObject({ msg: '角色已调整', data: { id: plain.id } });
  });

  it('with no enabled auditor to confirm, the request is refused with a sentence', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const auditors = await t().db
      .selectFrom('staffAccountRole as ar')
      .innerJoin('staffRole as r', 'r.id', 'ar.roleId')
      .select('ar.staffId')
      .where('r.code', '=', 'auditor')
      .execute();
    await t().db.updateTable('staffAccount').set({ status: 'disabled' }).where('id', 'in', auditors.map((a) => a.staffId)).execute();
    const res = await post(t(), 'staff/create', admin, { loginName: 'first.audit', name: '首位', phone: '13900002222', roles: ['auditor'] });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('系统中没有启用的安全审计员来确认这项变更；第一位安全审计员须由运维人员在服务器上用 npm run staff:create 创建');
  });
});
