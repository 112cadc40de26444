import { expect, it } from 'vitest';
import { createStaff, staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const post = (t: TestApp, url: string, headers: object, payload: object) => t.call({ method: 'POST', url: `/console/api/${url}`, headers: headers as Record<string, string>, payload });

describeEachDb('departments', (t) => {
  it('creates, renames, lists and disables a department', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const created = await post(t(), 'department/save', admin.headers, { name: '招商服务科', sort: 5 });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await post(t(), 'department/save', admin.headers, { id, name: '招商引资科', sort: 6 })).status).toBe(200);
    const list = await t().call({ method: 'GET', url: '/console/api/department/list', headers: admin.headers });
    expect(list.body.data.find((d: { id: number }) => d.id === id)).toMatchObject({ name: '招商引资科', sort: 6, status: 'active', staffCount: 0 });

    const member = await createStaff(t(), { role: 'handler', departmentId: id });
    const busy = await post(t(), 'department/status', admin.headers, { id, status: 'disabled' });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toBe('该部门还有 1 名工作人员，请先把他们调到其他部门再停用');
    const other = await post(t(), 'department/save', admin.headers, { name: '综合协调科' });
    await post(t(), 'staff/update', admin.headers, { id: member.id, name: member.name, phone: member.phone, departmentId: other.body.data.id });
    expect((await post(t(), 'department/status', admin.headers, { id, status: 'disabled' })).status).toBe(200);
    expect((await post(t(), 'department/status', admin.headers, { id, status: 'disabled' })).status).toBe(409);
    const options = await t().call({ method: 'GET', url: '/console/api/department/options', headers: admin.headers });
    expect(options.body.data.map((o: { value: number }) => o.value)).not.toContain(id);
  });

  it('answers 400 and 409 for bad and duplicate names', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const bad = await post(t(), 'department/save', admin.headers, { name: '科', sort: -1 });
    expect(bad.body.data.fields).toMatchObject({ name: '部门名称至少 2 个字', sort: '排序不能小于 0' });
    await post(t(), 'department/save', admin.headers, { name: '重名科室' });
    const dup = await post(t(), 'department/save', admin.headers, { name: '重名科室' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('部门“重名科室”已存在');
  });

  it('lets any staff member read the options but only a sysadmin change departments', async () => {
    const editor = await staffLogin(t(), 'editor');
    expect((await t().call({ method: 'GET', url: '/console/api/department/options', headers: editor.headers })).status).toBe(200);
    expect((await t().call({ method: 'GET', url: '/console/api/department/list', headers: editor.headers })).status).toBe(403);
    expect((await post(t(), 'department/save', editor.headers, { name: '越权科' })).status).toBe(403);
    const auditor = await staffLogin(t(), 'auditor');
    expect((await post(t(), 'department/status', auditor.headers, { id: 1, status: 'disabled' })).status).toBe(403);
  });
});
