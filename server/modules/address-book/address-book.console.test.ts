import { expect, it } from 'vitest';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const post = (t: TestApp, url: string, headers: object, payload: object) =>
  t.call({ method: 'POST', url: `/console/api/address-book/${url}`, headers: headers as Record<string, string>, payload });
const publicList = async (t: TestApp, keyword: string) =>
  (await t.call({ method: 'POST', url: '/api/book/gov/pages', payload: { keyword } })).body.data.records as { id: number; name: string }[];

const entry = { department: '招商服务科', departmentSort: 3, name: '招商专线', phone: '021-55550101', address: 'B座2楼', duties: '负责项目招引和落地服务', sort: 2 };

describeEachDb('管理后台 · 通讯录', (t) => {
  it('lets an editor add, change, stop, restart and order entries, each shown on the public list at once', async () => {
    const editor = await staffLogin(t(), 'editor');
    const before = await contentVersion(t().kv);
    const created = await post(t(), 'save', editor.headers, entry);
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(await contentVersion(t().kv)).not.toBe(before);
    expect((await publicList(t(), '招商专线')).map((r) => r.id)).toEqual([id]);

    expect((await post(t(), 'save', editor.headers, { ...entry, id, name: '招商服务专线' })).status).toBe(200);
    expect((await publicList(t(), '招商')).map((r) => r.name)).toEqual(['招商服务专线']);

    const v1 = await contentVersion(t().kv);
    expect((await post(t(), 'disable', editor.headers, { id })).body.msg).toBe('已停用，公开通讯录不再显示该条目');
    expect(await contentVersion(t().kv)).not.toBe(v1);
    expect(await publicList(t(), '招商')).toEqual([]);
    expect(await t().app.services.addressBook.departments()).not.toContain('招商服务科');
    const listed = await post(t(), 'pages', editor.headers, { keyword: '招商', status: 'disabled' });
    expect(listed.body.data).toMatchObject({ total: 1, currentPage: 1, pageSize: 10 });
    expect(listed.body.data.records[0]).toMatchObject({ id, enabled: false, sort: 2, departmentSort: 3 });

    expect((await post(t(), 'enable', editor.headers, { id })).status).toBe(200);
    const second = (await post(t(), 'save', editor.headers, { ...entry, name: '落地服务专线', sort: 5 })).body.data.id;
    const sorted = await post(t(), 'sort', editor.headers, { items: [{ id: second, sort: 1 }, { id, sort: 9 }] });
    expect(sorted.body.data).toEqual({ count: 2 });
    expect((await publicList(t(), '专线')).map((r) => r.id).filter((x) => x === id || x === second)).toEqual([second, id]);
  });

  it('answers 409 for a repeated enable or disable and 404 for an entry that is gone', async () => {
    const editor = await staffLogin(t(), 'editor');
    const id = (await post(t(), 'save', editor.headers, entry)).body.data.id;
    const again = await post(t(), 'enable', editor.headers, { id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该条目已是启用状态，无需再次启用');
    await post(t(), 'disable', editor.headers, { id });
    expect((await post(t(), 'disable', editor.headers, { id })).body.msg).toBe('该条目已停用，无需再次停用');
    expect((await post(t(), 'disable', editor.headers, { id: 999999 })).status).toBe(404);
    expect((await post(t(), 'save', editor.headers, { ...entry, id: 999999 })).body.msg).toBe('该通讯录条目不存在或已删除');
    const sort = await post(t(), 'sort', editor.headers, { items: [{ id, sort: 1 }, { id: 999999, sort: 2 }] });
    expect(sort.status).toBe(404);
    expect(sort.body.msg).toBe('通讯录条目 999999 不存在或已删除，请刷新后重新排序');
  });

  it('answers 400 with a message per field', async () => {
    const editor = await staffLogin(t(), 'editor');
    const bad = await post(t(), 'save', editor.headers, { department: '', name: '', phone: '12', sort: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({ department: '请输入部门', name: '请输入姓名或岗位', sort: '排序不能小于 0' });
    expect(bad.body.data.fields.phone).toBeTruthy();
    const noOrder = await post(t(), 'sort', editor.headers, { items: [] });
    expect(noOrder.body.data.fields).toMatchObject({ items: '请给出新的顺序' });
    expect((await post(t(), 'pages', editor.headers, { status: 'gone' })).body.data.fields).toMatchObject({ status: '状态只能是启用或停用' });
  });

  it('refuses a reviewer, a sysadmin and an auditor, and anyone signed out', async () => {
    for (const role of ['reviewer', 'sysadmin', 'auditor'] as const) {
      const who = await staffLogin(t(), role);
      for (const [url, body] of [['pages', {}], ['save', entry], ['disable', { id: 1 }], ['sort', { items: [{ id: 1, sort: 1 }] }]] as const) {
        expect((await post(t(), url, who.headers, body)).status, `${role} ${url}`).toBe(403);
      }
    }
    expect((await post(t(), 'pages', {}, {})).status).toBe(401);
  });

  it('writes an audit row for each change with who, what and the fields', async () => {
    const editor = await staffLogin(t(), 'editor');
    const id = (await post(t(), 'save', editor.headers, { ...entry, name: '审计专线' })).body.data.id;
    await post(t(), 'disable', editor.headers, { id });
    const rows = await t()
      .db.selectFrom('auditLog')
      .selectAll()
      .where('staffId', '=', editor.staff.id)
      .where('objectType', '=', 'address-book')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.action, r.objectId, r.result])).toEqual([
      ['address-book.save', String(id), 'ok'],
      ['address-book.disable', String(id), 'ok'],
    ]);
    expect(rows[0]!.changes).toContain('审计专线');
  });
});
