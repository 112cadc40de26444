import { expect, it } from 'vitest';
import { createStaff, staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const post = (t: TestApp, url: string, headers: object, payload: object) => t.call({ method: 'POST', url: `/console/api/${url}`, headers: headers as Record<string, string>, payload });

describeEachDb('roles', (t) => {
  it('lists the eight built-in roles with their kind and permissions', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const res = await t().call({ method: 'GET', url: '/console/api/role/list', headers: admin.headers });
    expect(res.status).toBe(200);
    const builtin = res.body.data.filter((r: { builtin: boolean }) => r.builtin);
    expect(builtin.map((r: { code: string }) => r.code)).toEqual(['sysadmin', 'auditor', 'editor', 'publisher', 'dispatcher', 'handler', 'reviewer', 'payer']);
    expect(builtin.find((r: { code: string }) => r.code === 'auditor')).toMatchObject({ kind: 'audit', permissions: ['audit:log:view', 'audit:log:export', 'audit:stats:view', 'audit:staff-change:decide'] });
  });

  it('adds a business role from the catalogue, edits and deletes it', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const created = await post(t(), 'role/save', admin.headers, { code: 'notice-clerk', name: '公告专员', permissions: ['content:notice:edit', 'content:notice:publish'] });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const holder = await createStaff(t(), { role: 'notice-clerk' });
    const s = await staffLogin(t(), holder);
    const me = await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.headers });
    expect(me.body.data.permissions.sort()).toEqual(['content:notice:edit', 'content:notice:publish']);

    expect((await post(t(), 'role/save', admin.headers, { id, code: 'notice-clerk', name: '公告专员', permissions: ['content:notice:edit'] })).status).toBe(200);
    // A holder already signed in (and served) loses the permission on the next request.
    const narrowed = await t().call({ method: 'GET', url: '/console/api/auth/me', headers: s.headers });
    expect(narrowed.body.data.permissions).toEqual(['content:notice:edit']);
    expect((await post(t(), 'notice/publish', s.headers, { id: 1 })).status).toBe(403);
    const busy = await post(t(), 'role/delete', admin.headers, { id });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toBe('仍有 1 名工作人员持有该角色，请先调整他们的角色再删除');
    await post(t(), 'staff/roles', admin.headers, { id: holder.id, roles: ['editor'] });
    expect((await post(t(), 'role/delete', admin.headers, { id })).status).toBe(200);
  });

  it('keeps built-in roles fixed and custom roles business-only (三权分立)', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const list = await t().call({ method: 'GET', url: '/console/api/role/list', headers: admin.headers });
    const sysadmin = list.body.data.find((r: { code: string }) => r.code === 'sysadmin');
    const widen = await post(t(), 'role/save', admin.headers, { id: sysadmin.id, code: 'sysadmin', name: '系统管理员', permissions: ['system:staff:manage', 'audit:log:view'] });
    expect(widen.status).toBe(409);
    expect(widen.body.msg).toMatch(/内置角色的权限由系统规定/);
    const builtin = await post(t(), 'role/save', admin.headers, { id: sysadmin.id, code: 'sysadmin', name: '超级管理员', permissions: ['system:staff:manage'] });
    expect(builtin.status).toBe(409);
    expect((await post(t(), 'role/delete', admin.headers, { id: sysadmin.id })).status).toBe(409);

    const mixed = await post(t(), 'role/save', admin.headers, { code: 'spy', name: '混合', permissions: ['content:notice:edit', 'audit:log:view'] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.data.fields.permissions).toMatch(/自定义角色只能包含业务权限/);
    const unknown = await post(t(), 'role/save', admin.headers, { code: 'x1', name: '未知', permissions: ['root:all'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields['permissions.0']).toBe('权限不在权限目录中');
    const badCode = await post(t(), 'role/save', admin.headers, { code: 'X Y', name: '', permissions: [] });
    expect(badCode.body.data.fields).toMatchObject({ code: expect.stringContaining('小写字母'), name: '请输入角色名称', permissions: '请至少选择一项权限' });
    const dup = await post(t(), 'role/save', admin.headers, { code: 'editor', name: '重复', permissions: ['content:notice:edit'] });
    expect(dup.status).toBe(409);
  });

  it('refuses role management to everyone but a sysadmin', async () => {
    for (const role of ['auditor', 'editor'] as const) {
      const s = await staffLogin(t(), role);
      expect((await t().call({ method: 'GET', url: '/console/api/role/list', headers: s.headers })).status).toBe(403);
      expect((await post(t(), 'role/save', s.headers, { code: 'x2', name: '某', permissions: ['content:notice:edit'] })).status).toBe(403);
    }
  });
});
