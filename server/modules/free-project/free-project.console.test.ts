import { expect, it } from 'vitest';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { validUscc } from '#tests/helpers/auth.ts';
import { multipartFile } from '#tests/helpers/multipart.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const post = (t: TestApp, url: string, headers: object, payload: object) =>
  t.call({ method: 'POST', url: `/console/api/free-project/${url}`, headers: headers as Record<string, string>, payload });
const publicIds = async (t: TestApp) => ((await t.call({ method: 'GET', url: '/uaa/api/free/declare-project/page?pageSize=100' })).body.data.records as { id: number }[]).map((p) => p.id);
const publicDetail = (t: TestApp, id: number) => t.call({ method: 'GET', url: `/uaa/api/free/declare-project/detail?id=${id}` });
const importPreview = (t: TestApp, who: StaffSession, projectId: number) => {
  const file = multipartFile('名单.csv', `统一社会信用代码,企业名称,金额（万元）\r\n${validUscc(7_300_001)},上海免申测试有限公司,1\r\n`);
  return t.call({ method: 'POST', url: `/console/api/free-declare/import/preview?projectId=${projectId}`, payload: file.payload, headers: { ...who.headers, ...file.headers } });
};

const project = (name: string) => ({
  name,
  category: 'trade',
  department: '商务发展局',
  amountMin: null,
  amountMax: 5,
  conditions: '上年度进出口额 500 万美元以上的区内企业',
  content: '<p>符合条件的企业无需申请。</p>',
});

describeEachDb('管理后台 · 免申即享项目', (t) => {
  it('takes a project from draft to published (public at once, ready for a list) to closed (off the public list)', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const created = await post(t(), 'save', reviewer.headers, project('外贸稳增长免申奖励'));
    expect([created.status, created.body.msg]).toEqual([200, '免申即享项目已保存']);
    const id = created.body.data.id as number;
    expect(await publicIds(t())).not.toContain(id);
    expect((await publicDetail(t(), id)).status).toBe(404);
    const draftImport = await importPreview(t(), reviewer, id);
    expect([draftImport.status, draftImport.body.msg]).toEqual([409, '该项目还是草稿，请先在「免申即享项目」中发布，再导入名单']);

    const listed = (await post(t(), 'pages', reviewer.headers, { status: 'draft' })).body.data.records.find((p: any) => p.id === id);
    expect(listed).toMatchObject({ status: 'draft', statusText: '草稿', publishAt: null, rows: 0, amountMin: null, amountMax: 5, categoryText: '外贸发展' });

    const before = await contentVersion(t().kv);
    const published = await post(t(), 'publish', reviewer.headers, { id });
    expect(published.body.msg).toBe('已发布，门户已显示该项目，可以导入名单');
    expect(await contentVersion(t().kv)).not.toBe(before);
    expect(await publicIds(t())).toContain(id);
    expect((await publicDetail(t(), id)).body.data).toMatchObject({ name: '外贸稳增长免申奖励', amountMax: 5 });
    expect((await importPreview(t(), reviewer, id)).status).toBe(200);

    // A published project may still be corrected.
    expect((await post(t(), 'save', reviewer.headers, { ...project('外贸稳增长免申奖励（第一批）'), id })).status).toBe(200);
    expect((await publicDetail(t(), id)).body.data.name).toBe('外贸稳增长免申奖励（第一批）');

    expect((await post(t(), 'close', reviewer.headers, { id })).body.msg).toBe('项目已结束，门户不再显示');
    expect(await publicIds(t())).not.toContain(id);
    const closedImport = await importPreview(t(), reviewer, id);
    expect([closedImport.status, closedImport.body.msg]).toEqual([409, '该项目已结束，不能再导入名单']);
  });

  it('answers 409 with a sentence for each wrong state, and 404 for a project that is gone', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const id = (await post(t(), 'save', reviewer.headers, project('状态测试项目'))).body.data.id;
    const early = await post(t(), 'close', reviewer.headers, { id });
    expect([early.status, early.body.msg]).toEqual([409, '该项目还是草稿，尚未发布，不能结束']);
    await post(t(), 'publish', reviewer.headers, { id });
    const twice = await post(t(), 'publish', reviewer.headers, { id });
    expect([twice.status, twice.body.msg]).toEqual([409, '该项目已发布，无需再次发布']);
    await post(t(), 'close', reviewer.headers, { id });
    for (const [url, body, msg] of [
      ['close', { id }, '该项目已结束，无需再次结束'],
      ['publish', { id }, '该项目已结束，不能再发布'],
      ['save', { ...project('改名'), id }, '该项目已结束，不能再修改'],
    ] as const) {
      const res = await post(t(), url, reviewer.headers, body);
      expect([res.status, res.body.msg], url).toEqual([409, msg]);
    }
    expect((await post(t(), 'publish', reviewer.headers, { id: 999999 })).body.msg).toBe('该免申即享项目不存在或已删除');
  });

  it('answers 400 with a message per field', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const bad = await post(t(), 'save', reviewer.headers, { name: '', category: '', department: '', amountMin: -1, amountMax: 1.23456, conditions: '', content: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      name: '请填写项目名称',
      category: '请选择项目类别',
      department: '请填写主管部门',
      amountMin: '金额不能为负数',
      amountMax: '金额最多保留 4 位小数',
      conditions: '请填写申报条件',
      content: '请填写项目说明',
    });
    const order = await post(t(), 'save', reviewer.headers, { ...project('金额顺序'), amountMin: 9, amountMax: 1 });
    expect(order.body.data.fields).toEqual({ amountMax: '最高金额不能低于最低金额' });
    const policy = await post(t(), 'save', reviewer.headers, { ...project('政策不存在'), policyId: 999999 });
    expect(policy.body.data.fields).toEqual({ policyId: '关联的政策不存在，请核对政策编号' });
    expect((await post(t(), 'pages', reviewer.headers, { status: 'gone' })).body.data.fields).toEqual({ status: '状态只能是草稿、已发布或已结束' });
  });

  it('refuses an editor, a sysadmin and a payer, and audits each transition', async () => {
    for (const role of ['editor', 'sysadmin', 'payer'] as const) {
      const who = await staffLogin(t(), role);
      for (const [url, body] of [['pages', {}], ['save', project('越权')], ['publish', { id: 1 }], ['close', { id: 1 }]] as const) {
        const res = await post(t(), url, who.headers, body);
        expect([res.status, res.body.msg], `${role} ${url}`).toEqual([403, '对不起，您没有权限访问']);
      }
    }
    const reviewer = await staffLogin(t(), 'reviewer');
    const id = (await post(t(), 'save', reviewer.headers, project('审计免申项目'))).body.data.id;
    await post(t(), 'publish', reviewer.headers, { id });
    await post(t(), 'close', reviewer.headers, { id });
    await post(t(), 'close', reviewer.headers, { id });
    const rows = await t().db.selectFrom('auditLog').selectAll().where('staffId', '=', reviewer.staff.id).where('objectType', '=', 'free-project').orderBy('id').execute();
    expect(rows.map((r) => [r.action, r.objectId, r.result])).toEqual([
      ['free-project.save', String(id), 'ok'],
      ['free-project.publish', String(id), 'ok'],
      ['free-project.close', String(id), 'ok'],
      ['free-project.close', String(id), 'failed'],
    ]);
    expect(rows[3]!.detail).toBe('该项目已结束，无需再次结束');
  });
});
