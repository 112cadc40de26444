import { expect, it } from 'vitest';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const post = (t: TestApp, url: string, headers: object, payload: object) =>
  t.call({ method: 'POST', url: `/console/api/dict/${url}`, headers: headers as Record<string, string>, payload });

describeEachDb('管理后台 · 数据字典', (t) => {
  it('lets a sysadmin rename, add and stop options; a stopped option keeps its label for old records', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const before = (await t().call({ method: 'GET', url: '/uaa/api/ua/platform/info' })).body.data.cache_version;
    const saved = await post(t(), 'save', admin.headers, { dictCode: 'appeal_type', id: 'customs', text: '通关物流', sort: 65 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ id: 'appeal_type:customs' });
    expect((await t().call({ method: 'GET', url: '/uaa/api/ua/platform/info' })).body.data.cache_version).not.toBe(before);
    const publicOptions = (await t().call({ method: 'GET', url: '/api/dict/parent?code=appeal_type' })).body.data as { id: string; text: string }[];
    expect(publicOptions).toContainEqual({ id: 'customs', text: '通关物流' });

    await post(t(), 'save', admin.headers, { dictCode: 'appeal_type', id: 'customs', text: '通关物流', sort: 65, enabled: false });
    const after = (await t().call({ method: 'GET', url: '/api/dict/parent?code=appeal_type' })).body.data as { id: string }[];
    expect(after.map((o) => o.id)).not.toContain('customs');
    expect(await t().app.services.dict.label('appeal_type', 'customs')).toBe('通关物流');
    const all = await post(t(), 'options', admin.headers, { dictCode: 'appeal_type' });
    expect(all.body.data).toContainEqual({ id: 'customs', text: '通关物流', sort: 65, enabled: false });
  });

  it('answers 400 per field and 404 for an unknown dictionary', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const bad = await post(t(), 'save', admin.headers, { dictCode: 'appeal_type', id: '含空格 的值', text: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({ id: '选项值只能由字母、数字、下划线或短横线组成，最多 30 个字符' });
    expect(bad.body.data.fields.text).toBeTruthy();
    const unknown = await post(t(), 'options', admin.headers, { dictCode: 'no_such_dict' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('字典「no_such_dict」不存在，请检查字典编码');
  });

  it('refuses an editor, a reviewer and an auditor, and audits a save', async () => {
    for (const role of ['editor', 'reviewer', 'auditor'] as const) {
      const who = await staffLogin(t(), role);
      expect((await post(t(), 'options', who.headers, { dictCode: 'appeal_type' })).status, role).toBe(403);
      expect((await post(t(), 'save', who.headers, { dictCode: 'appeal_type', id: 'x', text: '越权' })).status, role).toBe(403);
    }
    const admin = await staffLogin(t(), 'sysadmin');
    await post(t(), 'save', admin.headers, { dictCode: 'industry', id: 'Z', text: '审计用行业' });
    const row = await t().db.selectFrom('auditLog').selectAll().where('staffId', '=', admin.staff.id).where('action', '=', 'dict.save').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ objectType: 'dict', objectId: 'Z', result: 'ok' });
    expect(row.changes).toContain('审计用行业');
    expect(row.changes).toContain('industry');
  });

  it('lists the dictionaries, stops and restarts an option once each (409 the second time), and orders options', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const types = await post(t(), 'types', admin.headers, {});
    expect(types.body.data).toContainEqual({ code: 'policy_level', name: '政策级别', count: 4 });
    const version = async () => (await t().call({ method: 'GET', url: '/uaa/api/ua/platform/info' })).body.data.cache_version;
    const publicIds = async () => ((await t().call({ method: 'GET', url: '/api/dict/parent?code=policy_level' })).body.data as { id: string }[]).map((o) => o.id);

    const v0 = await version();
    const off = await post(t(), 'disable', admin.headers, { dictCode: 'policy_level', id: 'district' });
    expect([off.status, off.body.msg]).toEqual([200, '已停用，新填写的表单中不再出现该选项']);
    expect(await version()).not.toBe(v0);
    expect(await publicIds()).toEqual(['national', 'provincial', 'municipal']);
    const twice = await post(t(), 'disable', admin.headers, { dictCode: 'policy_level', id: 'district' });
    expect([twice.status, twice.body.msg]).toEqual([409, '该选项已停用，无需再次停用']);
    expect((await post(t(), 'enable', admin.headers, { dictCode: 'policy_level', id: 'district' })).status).toBe(200);
    const again = await post(t(), 'enable', admin.headers, { dictCode: 'policy_level', id: 'district' });
    expect([again.status, again.body.msg]).toEqual([409, '该选项已是启用状态，无需再次启用']);
    const gone = await post(t(), 'enable', admin.headers, { dictCode: 'policy_level', id: 'nowhere' });
    expect([gone.status, gone.body.msg]).toEqual([404, '字典「policy_level」中没有选项「nowhere」，请刷新后重试']);

    const options = (await post(t(), 'options', admin.headers, { dictCode: 'policy_level' })).body.data as { id: string; sort: number }[];
    const [first, second] = options;
    const v1 = await version();
    const sorted = await post(t(), 'sort', admin.headers, { dictCode: 'policy_level', items: [{ id: first!.id, sort: second!.sort }, { id: second!.id, sort: first!.sort }] });
    expect(sorted.body.data).toEqual({ count: 2 });
    expect(await version()).not.toBe(v1);
    expect((await publicIds()).slice(0, 2)).toEqual(['provincial', 'national']);
    const missing = await post(t(), 'sort', admin.headers, { dictCode: 'policy_level', items: [{ id: 'nowhere', sort: 1 }] });
    expect([missing.status, missing.body.msg]).toEqual([404, '选项 nowhere 不存在，请刷新后重新排序']);
    const bad = await post(t(), 'sort', admin.headers, { dictCode: 'policy_level', items: [{ id: 'national', sort: -1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields['items.0.sort']).toBe('排序不能小于 0');

    const rows = await t().db.selectFrom('auditLog').select(['action', 'objectId', 'result']).where('staffId', '=', admin.staff.id).where('objectType', '=', 'dict').orderBy('id').execute();
    const writes = rows.filter((r) => r.action !== 'dict.types' && r.action !== 'dict.options');
    expect(writes.map((r) => r.action)).toEqual(['dict.disable', 'dict.disable', 'dict.enable', 'dict.enable', 'dict.enable', 'dict.sort', 'dict.sort', 'dict.sort']);
    expect(writes[0]).toMatchObject({ objectId: 'district', result: 'ok' });
    expect(writes[1]!.result).toBe('failed');
  });

  it('refuses an editor the new calls too', async () => {
    const editor = await staffLogin(t(), 'editor');
    for (const [url, body] of [['types', {}], ['enable', { dictCode: 'industry', id: 'C' }], ['sort', { dictCode: 'industry', items: [{ id: 'C', sort: 1 }] }]] as const) {
      const res = await post(t(), url, editor.headers, body);
      expect([res.status, res.body.msg], url).toEqual([403, '对不起，您没有权限访问']);
    }
  });
});
