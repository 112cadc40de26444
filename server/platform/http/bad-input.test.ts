import { expect, it } from 'vitest';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';
import { DEPTH_MESSAGE } from './trim.ts';

const post = (t: TestApp, url: string, headers: object, payload: unknown) =>
  t.call({ method: 'POST', url: `/console/api/${url}`, headers: headers as Record<string, string>, payload: payload as object });

/** Nested `levels` deep: `{ a: { a: ... } }`, as JSON text (a JS object that deep is fine to build). */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describeEachDb('bad input is a 400 with a sentence, never a 500', (t) => {
  it('refuses an impossible date in the audit filters and the audit export', async () => {
    const auditor = await staffLogin(t(), 'auditor');
    const page = await post(t(), 'audit/pages', auditor.headers, { dateFrom: '2026-13-45' });
    expect(page.status).toBe(400);
    expect(page.body.msg).toBe('开始日期不是有效的日期，应为 年-月-日，如 2026-01-05');
    const feb = await post(t(), 'audit/pages', auditor.headers, { dateFrom: '2026-02-01', dateTo: '2026-02-30' });
    expect(feb.status).toBe(400);
    expect(feb.body.data.fields).toEqual({ dateTo: '结束日期不是有效的日期，应为 年-月-日，如 2026-01-05' });
    const exported = await t().call({ method: 'GET', url: '/console/api/audit/export?dateTo=2026-13-45', headers: auditor.headers });
    expect(exported.status).toBe(400);
    expect(exported.body.msg).toContain('结束日期不是有效的日期');
    // A real day still works.
    expect((await post(t(), 'audit/pages', auditor.headers, { dateFrom: '2024-02-29', dateTo: '2024-02-29' })).status).toBe(200);
  });

  it('refuses an impossible date in a policy and a declaration project', async () => {
    const editor = await staffLogin(t(), 'editor');
    const policy = await post(t(), 'policy/save', editor.headers, { title: '政策', content: '<p>正文</p>', issuer: '管委会', level: 'district', category: 'finance', effectiveFrom: '2026-13-45' });
    expect(policy.status).toBe(400);
    expect(policy.body.data.fields).toEqual({ effectiveFrom: '生效日期不是有效的日期，应为 年-月-日，如 2026-01-05' });

    const reviewer = await staffLogin(t(), 'reviewer');
    const body = { category: 'tech', department: '科技创新局', amountMin: null, amountMax: 20, conditions: '区内企业', content: '<p>说明</p>', name: '日期测试项目', materials: [] };
    const project = await post(t(), 'declare-project/save', reviewer.headers, { ...body, applyStart: '2026-01-05', applyEnd: '2026-13-45' });
    expect(project.status).toBe(400);
    expect(project.body.data.fields).toEqual({ applyEnd: '申报截止日期不是有效的日期，应为 年-月-日，如 2026-01-05' });
    const missing = await post(t(), 'declare-project/save', reviewer.headers, { ...body, applyStart: '2026-01-05' });
    expect(missing.body.data.fields).toEqual({ applyEnd: '请选择申报截止日期' });
  });

  it('refuses JSON nested thousands of levels deep, on a console route and a public one', async () => {
    const editor = await staffLogin(t(), 'editor');
    const deep = nested(5000);
    const consoleCall = await t().call({ method: 'POST', url: '/console/api/notice/save', headers: { ...editor.headers, 'content-type': 'application/json' }, payload: deep });
    expect(consoleCall.status).toBe(400);
    expect(consoleCall.body.msg).toBe(DEPTH_MESSAGE);
    const publicCall = await t().call({ method: 'POST', url: '/fykj/en-login', headers: { 'content-type': 'application/json' }, payload: deep });
    expect(publicCall.status).toBe(400);
    expect(publicCall.body.msg).toBe(DEPTH_MESSAGE);
    // A form's few levels pass the walk (and fail only on what they lack).
    const shallow = await t().call({ method: 'POST', url: '/console/api/notice/save', headers: { ...editor.headers, 'content-type': 'application/json' }, payload: nested(10) });
    expect(shallow.status).toBe(400);
    expect(shallow.body.msg).not.toBe(DEPTH_MESSAGE);
  });
});
