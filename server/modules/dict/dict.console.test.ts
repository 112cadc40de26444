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
});
