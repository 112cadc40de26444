import { beforeAll, expect, it } from 'vitest';
import { CORRECTION_REPLY_WORKING_DAYS } from '#contract/correction.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

type Headers = Record<string, string>;
let address = 0;
/** Each report from an address of its own, unless told: the rate limit counts per address. */
const report = (t: TestApp, payload: object, remoteAddress = `10.48.0.${++address}`) => t.call({ method: 'POST', url: '/api/correction/report', payload, remoteAddress });
const console = (t: TestApp, who: StaffSession, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.call({ method, url: `/console/api/correction/${url}`, headers: who.headers as Headers, payload });

const wrong = { pageUrl: '/notice/detail?id=12', pageTitle: '关于开展企业服务月活动的通知', description: '第二段的咨询电话少了一位数字，打不通。', contact: '13900001111' };

describeEachDb('网站纠错', (t) => {
  let editor: StaffSession;
  beforeAll(async () => {
    editor = await staffLogin(t(), 'editor');
  });

  it('takes a report from a visitor, lists it for the editors with its deadline, and takes their answer', async () => {
    const sent = await report(t(), wrong);
    expect(sent.status, sent.body.msg).toBe(200);
    expect(sent.body.msg).toBe('感谢您的纠错，我们将在 3 个工作日内核实处理');
    const { receiptNo, dueAt } = sent.body.data;
    expect(receiptNo).toMatch(/^WZ\d{8}-\d{4}$/);

    const row = await t().db.selectFrom('correctionReport').selectAll().where('receiptNo', '=', receiptNo).executeTakeFirstOrThrow();
    // 3 working days from when it came in, by the same calendar as every other deadline.
    expect(dueAt).toBe(addWorkingDays(row.createdAt, CORRECTION_REPLY_WORKING_DAYS).toISOString());

    const list = await console(t(), editor, 'POST', 'pages', { currentPage: 1, pageSize: 10, status: 'received' });
    expect(list.status, list.body.msg).toBe(200);
    const item = list.body.data.records.find((r: { receiptNo: string }) => r.receiptNo === receiptNo);
    expect(item).toMatchObject({ ...wrong, status: 'received', statusText: '待答复', dueAt, overdue: false, reply: null });

    const answered = await console(t(), editor, 'POST', 'answer', { id: item.id, reply: '已更正咨询电话，感谢指正。' });
    expect(answered.status, answered.body.msg).toBe(200);
    expect(answered.body.data).toMatchObject({ status: 'answered', statusText: '已答复', reply: '已更正咨询电话，感谢指正。', staffName: editor.staff.name, overdue: false, dueSoon: false });
    const detail = await console(t(), editor, 'GET', `detail?id=${item.id}`);
    expect(detail.body.data.answeredAt).toBeTruthy();
    // Answered once: a second answer (another editor's, a double click) is refused.
    const again = await console(t(), editor, 'POST', 'answer', { id: item.id, reply: '重复答复' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该纠错已由他人答复，请刷新后查看');
    const audit = await t().db.selectFrom('auditLog').selectAll().where('action', '=', 'correction.answer').where('result', '=', 'ok').execute();
    expect(audit).toHaveLength(1);
  });

  it('flags a report unanswered past its 3 working days as 超期, and lists it first', async () => {
    const { correction } = t().app.services;
    const longAgo = new Date(Date.now() - 20 * 86_400_000);
    const { receiptNo } = await correction.report({ ...wrong, pageUrl: '/important-policy/detail?id=3', pageTitle: '旧政策', contact: null }, longAgo);
    const list = await console(t(), editor, 'POST', 'pages', { currentPage: 1, pageSize: 10 });
    expect(list.body.data.records[0]).toMatchObject({ receiptNo, status: 'received', overdue: true, dueSoon: false, contact: null });
    // Answered ones come after every waiting one.
    const statuses = list.body.data.records.map((r: { status: string }) => r.status);
    expect(statuses.lastIndexOf('received')).toBeLessThan(statuses.indexOf('answered'));
    expect(await correction.waitingCounts(1000)).toEqual({ waiting: 1, overdue: 1 });
    // The editor's 工作台 counts them too, each figure opening the waiting list.
    const dashboard = await t().call({ method: 'GET', url: '/console/api/dashboard', headers: editor.headers as Headers });
    const group = dashboard.body.data.groups.find((g: { title: string }) => g.title === '网站纠错');
    expect(group.items).toEqual([
      expect.objectContaining({ label: '纠错待答复', count: 1, link: '/console/correction?status=received', tone: 'normal' }),
      expect.objectContaining({ label: '答复超期', count: 1, tone: 'danger' }),
    ]);
  });

  it('says what is wrong with a bad report, and refuses a flood from one address', async () => {
    const bad = await report(t(), { pageUrl: 'https://evil.example/', pageTitle: '', description: '错' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({
      pageUrl: '出错页面的地址有误，请从出错的页面点击“纠错”',
      pageTitle: '缺少出错页面的标题',
      description: '请描述页面中的错误（至少 5 个字），如错别字、链接打不开、信息过时',
    });
    for (let i = 0; i < 5; i++) expect((await report(t(), wrong, '10.48.1.1')).status).toBe(200);
    const flooded = await report(t(), wrong, '10.48.1.1');
    expect(flooded.status).toBe(429);
    expect(flooded.body.msg).toMatch(/^操作过于频繁，请 \d+ 分钟后再试$/);
  });

  it('is for the content editors only', async () => {
    for (const role of ['publisher', 'reviewer', 'sysadmin', 'auditor'] as const) {
      const who = await staffLogin(t(), role);
      expect((await console(t(), who, 'POST', 'pages', { currentPage: 1, pageSize: 10 })).status, role).toBe(403);
    }
    expect((await t().call({ method: 'POST', url: '/console/api/correction/pages', payload: {} })).status).toBe(401);
  });
});
