import { beforeAll, expect, it } from 'vitest';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';
import { SHANGHAI_OFFSET_MS, shanghaiDayStart } from '#contract/format.ts';
import { isWorkingDay } from '#server/platform/workflow/working-days.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `end` closes the `n`-th working day after the day of `from`: it falls at midnight in Shanghai,
 * and the days after `from`'s up to it hold exactly `n` working days, the last of them one. Counted
 * over the calendar, so it holds whatever day the test runs on (a window opened on a Sunday spans
 * under six calendar days, one opened on a Friday over seven).
 */
function expectWorkingDaysAfter(from: string, end: string, n: number) {
  const endMs = Date.parse(end);
  expect((endMs + SHANGHAI_OFFSET_MS) % DAY, `${end} is not midnight in Shanghai`).toBe(0);
  const fromDay = shanghaiDayStart(from).getTime();
  let working = 0;
  for (let day = endMs - DAY; day > fromDay; day -= DAY) if (isWorkingDay(new Date(day))) working++;
  expect(working).toBe(n);
  expect(isWorkingDay(new Date(endMs - DAY))).toBe(true);
}

describeEachDb('公示与异议（管理后台）', (t) => {
  let reviewer: StaffSession;
  let editor: StaffSession;
  let winner: SignedUp;
  let objector: SignedUp;
  let projectId: number;

  /** A closed project with one approved declaration (35 万元 granted). */
  async function projectWithApproval(name: string) {
    const { id } = await t()
      .db.insertInto('declareProject')
      .values({ name, category: 'trade', department: '经济发展处', policyId: null, amountMin: null, amountMax: 500_000, applyStart: iso(Date.now() - 30 * DAY), applyEnd: iso(Date.now() - DAY), conditions: '', content: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t()
      .db.insertInto('declareEnt')
      .values({ projectId: id, enterpriseId: winner.enterpriseId, userId: winner.userId, status: 'approved', enterpriseName: null, uscc: null, legalPerson: null, contactName: null, contactPhone: null, provinceCode: null, cityCode: null, countyCode: null, address: null, content: null, amountApplied: 400_000, amountApproved: 350_000, reviewNote: null, submittedAt: now, reviewedAt: now, reviewDueAt: null, resubmitDueAt: null, evaluationLevel: null, evaluationComment: null, evaluatedAt: null })
      .execute();
    return id;
  }

  beforeAll(async () => {
    reviewer = await staffLogin(t(), 'reviewer');
    editor = await staffLogin(t(), 'editor');
    winner = await signUpAndLogin(t(), { enterpriseName: '上海公示入选供应链有限公司' });
    objector = await signUpAndLogin(t(), { enterpriseName: '上海异议人国际物流有限公司' });
    projectId = await projectWithApproval('公示测试：跨境电商仓储补贴');
  });

  const act = (who: StaffSession, name: string, payload: object) => t().call({ method: 'POST', url: `/console/api/proclamation/${name}`, payload, headers: who.headers });
  const detail = async (id: number) => (await t().call({ method: 'GET', url: `/console/api/proclamation/detail?id=${id}`, headers: reviewer.headers })).body.data;
  const publicList = async () => (await t().call({ method: 'GET', url: '/uaa/api/ua/declare/proclamation/page?pageSize=100' })).body.data.records as any[];
  const audits = (t: TestApp, action: string, id: number) => t.db.selectFrom('auditLog').selectAll().where('action', '=', action).where('objectId', '=', String(id)).execute();
  const object = (id: number) =>
    t().call({ method: 'POST', url: '/uaa/api/customer/declare/proclamation/objection', payload: { proclamationId: id, reason: '名单中企业的仓储面积未达到申报条件要求的 5000 平方米，请核查。' }, headers: objector.headers });
  /** The objection window ends as if five working days had passed. */
  const windowOver = (id: number) => t().db.updateTable('proclamation').set({ objectionEndAt: iso(Date.now() - 1000) }).where('id', '=', id).execute();

  it('generates, publishes, takes an objection, answers it, and concludes after the window — audited, the objector told', async () => {
    const generated = await act(reviewer, 'generate', { projectId });
    expect(generated.status, generated.body.msg).toBe(200);
    const id = generated.body.data.id;
    let d = await detail(id);
    expect(d).toMatchObject({ status: 'draft', statusText: '草稿', publishAt: null, enterpriseCount: 1, totalAmount: 35, actions: ['publish', 'revoke'], title: '关于公示测试：跨境电商仓储补贴拟支持企业名单的公示' });
    expect(d.enterprises).toEqual([{ enterpriseName: '上海公示入选供应链有限公司', amount: 35 }]);
    // A draft is not public, and a second one for the same project is refused.
    expect((await publicList()).map((r) => r.id)).not.toContain(id);
    expect((await act(reviewer, 'generate', { projectId })).body.msg).toBe(`该项目已有草稿的公示（编号 ${id}），请先处理该公示`);

    expect((await act(reviewer, 'publish', { id })).status).toBe(200);
    d = await detail(id);
    expect(d).toMatchObject({ status: 'published', objectionOpen: true, actions: ['revoke'] });
    // Objections are taken for five working days after the day of publishing.
    expectWorkingDaysAfter(d.publishAt, d.objectionEndAt, 5);
    const listed = (await publicList()).find((r) => r.id === id);
    expect(listed).toMatchObject({ objectionOpen: true, enterpriseCount: 1 });

    const filed = await object(id);
    expect(filed.status, filed.body.msg).toBe(200);
    const { receiptNo } = filed.body.data;
    const early = await act(reviewer, 'conclude', { id });
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/^异议期至 .* 结束，期满后才能结束公示$/);
    await windowOver(id);
    const waiting = await act(reviewer, 'conclude', { id });
    expect(waiting.body.msg).toBe('还有 1 件异议未答复，全部答复后才能结束公示');

    const queue = (await t().call({ method: 'POST', url: '/console/api/proclamation/objection/pages', payload: { proclamationId: id }, headers: reviewer.headers })).body.data.records;
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ receiptNo, status: 'received', statusText: '待答复', enterpriseName: '上海异议人国际物流有限公司', overdue: false });
    expectWorkingDaysAfter(queue[0].createdAt, queue[0].dueAt, 5);
    const oid = queue[0].id;
    const answer = { id: oid, result: 'dismissed', reply: '经现场核查，该企业保税仓储面积为 6200 平方米，符合申报条件，异议不成立。' };
    const both = await Promise.all([act(reviewer, 'objection/answer', answer), act(reviewer, 'objection/answer', answer)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    await t().app.services.message.settled();

    // The objector reads the answer by receipt on the 公示's page, and was told by message and SMS.
    const mine = (await t().call({ method: 'GET', url: `/uaa/api/customer/declare/proclamation/objections?proclamationId=${id}`, headers: objector.headers })).body.data;
    expect(mine).toEqual([expect.objectContaining({ receiptNo, status: 'answered', resultText: '异议不成立', reply: answer.reply })]);
    expect((await t().call({ method: 'GET', url: `/uaa/api/customer/declare/proclamation/objections?proclamationId=${id}`, headers: winner.headers })).body.data).toEqual([]);
    const link = `/free-apply/proclamation/detail?projectId=${projectId}&id=${id}`;
    const inbox = (await t().call({ method: 'GET', url: '/admin/user/messages/page?pageSize=100', headers: objector.headers })).body.data.records.filter((m: any) => m.link === link);
    expect(inbox).toHaveLength(1);
    expect(inbox[0].content).toContain(`受理编号 ${receiptNo}，核查结论：异议不成立`);
    expect((await t().app.services.message.smsFor(link)).map((s) => [s.template, s.status])).toEqual([['objection_answered', 'sent']]);

    expect((await detail(id)).actions).toEqual(['conclude', 'revoke']);
    const closes = await Promise.all([act(reviewer, 'conclude', { id }), act(reviewer, 'conclude', { id })]);
    expect(closes.map((r) => r.status).sort()).toEqual([200, 409]);
    d = await detail(id);
    expect(d).toMatchObject({ status: 'concluded', statusText: '已结束', actions: [], objections: [expect.objectContaining({ staffName: reviewer.staff.name, result: 'dismissed' })] });
    // Concluded 公示 stay on the public pages.
    expect((await publicList()).map((r) => r.id)).toContain(id);
    for (const action of ['proclamation.generate', 'proclamation.publish', 'proclamation.conclude']) {
      expect((await audits(t(), action, id)).some((r) => r.result === 'ok'), action).toBe(true);
    }
    expect((await audits(t(), 'proclamation.objection.answer', oid)).map((r) => r.result).sort()).toEqual(['failed', 'ok']);
  });

  it('answers 409 for every wrong state and revokes with a reason', async () => {
    const other = await projectWithApproval('公示测试：保税维修扶持');
    const id = (await act(reviewer, 'generate', { projectId: other })).body.data.id;
    expect((await act(reviewer, 'conclude', { id })).body.msg).toBe('只有公示中的公示可以结束（当前状态：草稿）');
    expect((await act(reviewer, 'revoke', { id, reason: ' ' })).status).toBe(400);
    expect((await act(reviewer, 'publish', { id })).status).toBe(200);
    expect((await act(reviewer, 'publish', { id })).body.msg).toBe('只有草稿可以发布（当前状态：公示中）');
    expect((await act(reviewer, 'generate', { projectId: other })).status).toBe(409);

    expect((await act(reviewer, 'revoke', { id, reason: '名单中一家企业存在失信记录，需重新审核。' })).status).toBe(200);
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'revoked', revokeReason: '名单中一家企业存在失信记录，需重新审核。', actions: [] });
    expect((await publicList()).map((r) => r.id)).not.toContain(id);
    expect((await object(id)).status).toBe(404);
    for (const name of ['publish', 'conclude']) expect((await act(reviewer, name, { id })).status, name).toBe(409);
    expect((await act(reviewer, 'revoke', { id, reason: '再撤一次' })).status).toBe(409);
    // Revoked, the project may have a new one.
    expect((await act(reviewer, 'generate', { projectId: other })).status).toBe(200);

    const empty = (await t().db.insertInto('declareProject').values({ name: '公示测试：无人通过', category: 'trade', department: '经济发展处', policyId: null, amountMin: null, amountMax: null, applyStart: iso(Date.now() - 9 * DAY), applyEnd: iso(Date.now() - DAY), conditions: '', content: '' }).returning('id').executeTakeFirstOrThrow()).id;
    expect((await act(reviewer, 'generate', { projectId: empty })).body.msg).toBe('该项目还没有审核通过的申报，不能生成公示');
    expect((await act(reviewer, 'publish', { id: 999999 })).status).toBe(404);
  });

  it('walks 期满待结束 with 下一条: 结束 takes one out of the list and the next moves into its place', async () => {
    const ids: number[] = [];
    for (const name of ['公示下一条：甲项目', '公示下一条：乙项目', '公示下一条：丙项目']) {
      const id = (await act(reviewer, 'generate', { projectId: await projectWithApproval(name) })).body.data.id;
      expect((await act(reviewer, 'publish', { id })).status).toBe(200);
      await windowOver(id);
      ids.push(id);
    }
    const queue = { windowOver: true };
    const listed = (await act(reviewer, 'pages', { ...queue, pageSize: 100 })).body.data.records.map((r: { id: number }) => r.id);
    // Newest first, and only these three wait for 结束 among the test's 公示.
    const mine = listed.filter((id: number) => ids.includes(id));
    expect(mine).toEqual([...ids].reverse());
    const at = listed.indexOf(ids[2]);
    expect((await act(reviewer, 'next', { ...queue, id: ids[2], at })).body.data).toEqual({ id: listed[at + 1], at: at + 1 });
    expect((await act(reviewer, 'conclude', { id: ids[2] })).status).toBe(200);
    expect((await act(reviewer, 'next', { ...queue, id: ids[2], at })).body.data).toEqual({ id: listed[at + 1], at });
    // The list of drafts holds none of them now; another role may not ask.
    expect((await act(reviewer, 'next', { status: 'draft', projectId: 999999, id: ids[0], at: 0 })).body.data).toBeNull();
    expect((await act(editor, 'next', { ...queue, id: ids[0], at: 0 })).status).toBe(403);
  });

  it('refuses other roles (403, audited) and enterprise tokens; double generate makes one draft', async () => {
    const third = await projectWithApproval('公示测试：权限与双击');
    const denied = await act(editor, 'generate', { projectId: third });
    expect(denied.status).toBe(403);
    expect((await t().db.selectFrom('auditLog').select('result').where('action', '=', 'proclamation.generate').where('result', '=', 'denied').execute()).length).toBeGreaterThanOrEqual(1);
    expect((await t().call({ method: 'POST', url: '/console/api/proclamation/pages', payload: {}, headers: editor.headers })).status).toBe(403);
    expect((await t().call({ method: 'POST', url: '/console/api/proclamation/objection/answer', payload: { id: 1, result: 'upheld', reply: '成立' }, headers: objector.headers })).status).toBe(401);

    const both = await Promise.all([act(reviewer, 'generate', { projectId: third }), act(reviewer, 'generate', { projectId: third })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const drafts = await t().db.selectFrom('proclamation').select('id').where('projectId', '=', third).execute();
    expect(drafts).toHaveLength(1);
    const id = drafts[0]!.id;
    const publishes = await Promise.all([act(reviewer, 'publish', { id }), act(reviewer, 'publish', { id })]);
    expect(publishes.map((r) => r.status).sort()).toEqual([200, 409]);

    // Staff open an objection's attachment in the browser.
    const { payload, headers } = multipartFile('核查线索.pdf', SAMPLES.pdf());
    const file = (await t().call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...objector.headers } })).body.data;
    await t().call({ method: 'POST', url: '/uaa/api/customer/declare/proclamation/objection', payload: { proclamationId: id, reason: '该企业去年存在海关行政处罚记录，请核查。', attachments: [file] }, headers: objector.headers });
    const [o] = (await t().call({ method: 'POST', url: '/console/api/proclamation/objection/pages', payload: { proclamationId: id }, headers: reviewer.headers })).body.data.records;
    const res = await t().app.inject({ method: 'GET', url: `/console/api/proclamation/objection/file?id=${o.id}&path=${encodeURIComponent(file.path)}`, headers: reviewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
  });
});
