import { expect, it } from 'vitest';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const post = (t: TestApp, url: string, headers: object, payload: object) =>
  t.call({ method: 'POST', url: `/console/api/service-item/${url}`, headers: headers as Record<string, string>, payload });
const homeLinks = async (t: TestApp) => (await t.call({ method: 'GET', url: '/uaa/api/service/manage/list' })).body.data as { id: number; name: string }[];

const item = { name: '人才公寓', icon: 'talent', url: '/free-apply?tab=declare', description: '人才公寓申请与配租', sort: 3 };

describeEachDb('管理后台 · 服务事项', (t) => {
  it('lets an editor add, change, stop, restart and order items, each shown in the home links at once', async () => {
    const editor = await staffLogin(t(), 'editor');
    await homeLinks(t()); // the list is now kept under the content version
    const before = await contentVersion(t().kv);
    const created = await post(t(), 'save', editor.headers, item);
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('服务事项已保存');
    const id = created.body.data.id;
    expect(await contentVersion(t().kv)).not.toBe(before);
    expect((await homeLinks(t())).find((s) => s.id === id)).toMatchObject({ name: '人才公寓', icon: 'talent', url: '/free-apply?tab=declare' });

    expect((await post(t(), 'save', editor.headers, { ...item, id, name: '人才安居', url: 'https://rc.example.gov.cn/apply' })).status).toBe(200);
    expect((await homeLinks(t())).find((s) => s.id === id)?.name).toBe('人才安居');

    expect((await post(t(), 'disable', editor.headers, { id })).body.msg).toBe('已停用，首页不再显示该服务事项');
    expect((await homeLinks(t())).map((s) => s.id)).not.toContain(id);
    const listed = await post(t(), 'pages', editor.headers, { keyword: '人才安居', status: 'disabled' });
    expect(listed.body.data).toMatchObject({ total: 1, currentPage: 1, pageSize: 10 });
    expect(listed.body.data.records[0]).toMatchObject({ id, enabled: false, sort: 3, description: '人才公寓申请与配租' });

    expect((await post(t(), 'enable', editor.headers, { id })).body.msg).toBe('已启用，首页已显示该服务事项');
    const first = (await homeLinks(t()))[0]!;
    const sorted = await post(t(), 'sort', editor.headers, { items: [{ id, sort: 0 }, { id: first.id, sort: 1 }] });
    expect(sorted.body.data).toEqual({ count: 2 });
    expect((await homeLinks(t()))[0]!.id).toBe(id);
  });

  it('answers 409 for a repeated enable or disable and 404 for an item that is gone', async () => {
    const editor = await staffLogin(t(), 'editor');
    const id = (await post(t(), 'save', editor.headers, item)).body.data.id;
    const again = await post(t(), 'enable', editor.headers, { id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该服务事项已是启用状态，无需再次启用');
    await post(t(), 'disable', editor.headers, { id });
    const twice = await post(t(), 'disable', editor.headers, { id });
    expect([twice.status, twice.body.msg]).toEqual([409, '该服务事项已停用，无需再次停用']);
    expect((await post(t(), 'enable', editor.headers, { id: 999999 })).status).toBe(404);
    expect((await post(t(), 'save', editor.headers, { ...item, id: 999999 })).body.msg).toBe('该服务事项不存在或已删除');
    const sort = await post(t(), 'sort', editor.headers, { items: [{ id, sort: 1 }, { id: 999999, sort: 2 }] });
    expect([sort.status, sort.body.msg]).toEqual([404, '服务事项 999999 不存在或已删除，请刷新后重新排序']);
  });

  it('answers 400 with a message per field', async () => {
    const editor = await staffLogin(t(), 'editor');
    const bad = await post(t(), 'save', editor.headers, { name: '', icon: 'rocket', url: 'javascript:alert(1)', sort: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      name: '请输入事项名称',
      icon: '请选择图标',
      url: '链接须为本站路径（以 / 开头）或 https:// 开头的网址',
      sort: '排序不能小于 0',
    });
    expect((await post(t(), 'save', editor.headers, { ...item, url: '//evil.example.com' })).body.data.fields.url).toBe('链接须为本站路径（以 / 开头）或 https:// 开头的网址');
    expect((await post(t(), 'pages', editor.headers, { status: 'gone' })).body.data.fields).toMatchObject({ status: '状态只能是启用或停用' });
  });

  it('refuses a sysadmin, a reviewer and an auditor, and anyone signed out', async () => {
    for (const role of ['sysadmin', 'reviewer', 'auditor'] as const) {
      const who = await staffLogin(t(), role);
      for (const [url, body] of [['pages', {}], ['save', item], ['enable', { id: 1 }], ['sort', { items: [{ id: 1, sort: 1 }] }]] as const) {
        const res = await post(t(), url, who.headers, body);
        expect([res.status, res.body.msg], `${role} ${url}`).toEqual([403, '对不起，您没有权限访问']);
      }
    }
    expect((await post(t(), 'pages', {}, {})).status).toBe(401);
  });

  it('writes an audit row for each change with who, what and the fields', async () => {
    const editor = await staffLogin(t(), 'editor');
    const id = (await post(t(), 'save', editor.headers, { ...item, name: '审计事项' })).body.data.id;
    await post(t(), 'disable', editor.headers, { id });
    await post(t(), 'sort', editor.headers, { items: [{ id, sort: 7 }] });
    const rows = await t().db.selectFrom('auditLog').selectAll().where('staffId', '=', editor.staff.id).where('objectType', '=', 'service-item').orderBy('id').execute();
    expect(rows.map((r) => [r.action, r.result])).toEqual([
      ['service-item.save', 'ok'],
      ['service-item.disable', 'ok'],
      ['service-item.sort', 'ok'],
    ]);
    expect(rows.slice(0, 2).map((r) => r.objectId)).toEqual([String(id), String(id)]);
    expect(rows[0]!.changes).toContain('审计事项');
    const denied = await staffLogin(t(), 'sysadmin');
    await post(t(), 'save', denied.headers, item);
    const refused = await t().db.selectFrom('auditLog').selectAll().where('staffId', '=', denied.staff.id).where('action', '=', 'service-item.save').executeTakeFirstOrThrow();
    expect(refused.result).toBe('denied');
  });
}, async (t) => {
  const { seedServiceItems } = await import('#server/db/seed/service-item.ts');
  await seedServiceItems(t.db);
});
