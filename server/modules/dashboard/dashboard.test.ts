import { beforeAll, expect, it } from 'vitest';
import { WORK_ORDER_QUEUES, type WorkOrderQueue } from '#contract/appeal.console.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { createDepartment, createStaff, staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const valid = {
  title: '工作台测试诉求',
  type: 'logistics',
  content: '我司冷链货物多在夜间到港，需要在保税仓库开展夜间装卸作业，希望协调相关部门办理许可。',
  contactName: '周经理',
  contactPhone: '13912340000',
  isPublic: false,
};
const PAST = '2020-01-01T00:00:00.000Z';

describeEachDb('工作台 API', (t) => {
  let ent: SignedUp;
  let dispatcher: StaffSession;
  let handlerA: StaffSession;
  let handlerB: StaffSession;

  const file = async (title: string) =>
    (await t().call({ method: 'POST', url: '/api/appeal/save', payload: { ...valid, title }, headers: ent.headers })).body.data.id as number;
  const act = async (who: StaffSession, name: string, payload: object) => {
    const res = await t().call({ method: 'POST', url: `/console/api/appeal/${name}`, payload, headers: who.headers });
    expect(res.status, `${name}: ${res.body.msg}`).toBe(200);
  };
  const dashboard = async (who: StaffSession) => {
    const res = await t().call({ method: 'GET', url: '/console/api/dashboard', headers: who.headers });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data.groups as { title: string; items: { key: string; label: string; count: number; link: string; tone: string }[] }[];
  };
  /** The figures as key → count. */
  const counts = async (who: StaffSession) => Object.fromEntries((await dashboard(who)).flatMap((g) => g.items.map((i) => [i.key, i.count])));
  /** What the person's own queue list says for the same queue. */
  const listed = async (who: StaffSession, queue: WorkOrderQueue) =>
    (await t().call({ method: 'POST', url: '/console/api/appeal/pages', payload: { pageSize: 1, ...WORK_ORDER_QUEUES[queue].filter }, headers: who.headers }))
      .body.data.total;

  beforeAll(async () => {
    ent = await signUpAndLogin(t(), { enterpriseName: '上海外高桥工作台测试有限公司' });
    const deptA = await createDepartment(t(), '投资促进处');
    const deptB = await createDepartment(t(), '口岸服务处');
    dispatcher = await staffLogin(t(), 'dispatcher');
    handlerA = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: deptA }));
    handlerB = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: deptB }));

    // Two waiting for acceptance, one of them past its deadline.
    await file('待受理的诉求');
    const latePending = await file('超期未受理的诉求');
    await t().db.updateTable('appeal').set({ acceptDeadlineAt: PAST, dueAt: PAST }).where('id', '=', latePending).execute();
    // A: signed, asking for an extension, reply due within a working day (临期).
    const extending = await file('申请延期的诉求');
    await act(dispatcher, 'accept', { id: extending });
    await act(dispatcher, 'assign', { id: extending, departmentId: deptA });
    await act(handlerA, 'sign', { id: extending });
    await act(handlerA, 'extend', { id: extending, days: 3, reason: '需联合现场勘验' });
    await t()
      .db.updateTable('appeal')
      .set({ dueAt: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', extending)
      .execute();
    // B: overdue, not A's.
    const overdueB = await file('口岸服务处超期的诉求');
    await act(dispatcher, 'accept', { id: overdueB });
    await act(dispatcher, 'assign', { id: overdueB, departmentId: deptB });
    await t().db.updateTable('appeal').set({ dueAt: PAST }).where('id', '=', overdueB).execute();
    // A 非常不满意 rating opens a follow-up, past its due date.
    const rated = await file('差评的诉求');
    await act(dispatcher, 'accept', { id: rated });
    await act(dispatcher, 'reply', { id: rated, reply: '已答复' });
    expect(
      (await t().call({ method: 'POST', url: '/admin/appeal/en-evaluate', payload: { id: rated, level: 5, comment: '没有解决问题' }, headers: ent.headers }))
        .status,
    ).toBe(200);
    await t().db.updateTable('appealFollowUp').set({ dueAt: PAST }).where('appealId', '=', rated).execute();
    // Withdrawn: nobody's work.
    const withdrawn = await file('撤回的诉求');
    await t().call({ method: 'POST', url: '/admin/appeal/withdraw', payload: { id: withdrawn }, headers: ent.headers });
  });

  it('shows a dispatcher every queue of the work orders and the follow-ups, each count matching its list', async () => {
    const groups = await dashboard(dispatcher);
    expect(groups.map((g) => g.title)).toEqual(['诉求工单', '差评整改']);
    expect(groups[0].items.map((i) => [i.key, i.label, i.link, i.tone])).toEqual([
      ['appeal.pending', '待受理', '/console/appeal?queue=pending', 'normal'],
      ['appeal.extension', '延期待审批', '/console/appeal?queue=extension', 'normal'],
      ['appeal.overdue', '超期', '/console/appeal?queue=overdue', 'danger'],
      ['appeal.dueSoon', '临期', '/console/appeal?queue=dueSoon', 'warning'],
    ]);
    const c = await counts(dispatcher);
    // 临期: the fresh one (accept by the end of the next working day) and A's; the reopened appeal
    // owes its rectification in 5 working days, neither overdue nor due soon.
    expect(c).toEqual({ 'appeal.pending': 2, 'appeal.extension': 1, 'appeal.overdue': 2, 'appeal.dueSoon': 2, 'followUp.open': 1, 'followUp.overdue': 1 });
    for (const queue of ['pending', 'extension', 'overdue', 'dueSoon'] as const) expect(c[`appeal.${queue}`], queue).toBe(await listed(dispatcher, queue));
  });

  it('shows a handler only their department’s work orders, and nothing they may not open', async () => {
    const groups = await dashboard(handlerA);
    expect(groups.map((g) => g.title)).toEqual(['诉求工单']);
    expect(await counts(handlerA)).toEqual({ 'appeal.unsigned': await listed(handlerA, 'unsigned'), 'appeal.processing': 1, 'appeal.overdue': 0, 'appeal.dueSoon': 1 });
    expect(await counts(handlerB)).toEqual({ 'appeal.unsigned': await listed(handlerB, 'unsigned'), 'appeal.processing': 1, 'appeal.overdue': 1, 'appeal.dueSoon': 0 });
    for (const queue of ['unsigned', 'overdue', 'dueSoon'] as const) expect((await counts(handlerB))[`appeal.${queue}`]).toBe(await listed(handlerB, queue));
    // 待签收 first, with its limit: the department's own next step.
    expect(groups[0].items[0]).toMatchObject({ label: '待签收', link: '/console/appeal?queue=unsigned', note: '转办后 1 个工作日内签收' });
    expect(groups[0].items[1]).toMatchObject({ label: '本部门办理中', link: '/console/appeal?status=processing' });
  });

  it('gives staff no appeal figures without appeal permissions, and nobody without a session anything', async () => {
    // Their own lists instead (dashboard-roles.test.ts); a sysadmin has no business queue at all.
    // An editor also answers 网站纠错 (correction.test.ts counts its figures).
    for (const [role, titles] of [['editor', ['网站纠错', '内容编辑']], ['sysadmin', []], ['auditor', ['安全审计']]] as const) {
      expect((await dashboard(await staffLogin(t(), role))).map((g) => g.title), role).toEqual(titles);
    }
    expect((await t().call({ method: 'GET', url: '/console/api/dashboard' })).status).toBe(401);
  });

  it('stops counting at the cap', async () => {
    const staff = { id: 0, name: '测试', departmentId: null, permissions: ['appeal:dispatch'] };
    expect(await t().app.services.appealConsole.count(staff, [{}, { status: 'pending' }], 2)).toEqual([2, 2]);
    expect(await t().app.services.appealConsole.count(staff, [{ extensionRequested: true }], 2)).toEqual([1]);
  });

  it('moves a figure on the very next call after a write', async () => {
    const before = (await counts(dispatcher))['appeal.pending'];
    expect((await counts(dispatcher))['appeal.pending']).toBe(before);
    const id = await file('刚提交的诉求');
    expect((await counts(dispatcher))['appeal.pending']).toBe(before + 1);
    await act(dispatcher, 'accept', { id });
    expect((await counts(dispatcher))['appeal.pending']).toBe(before);
  });
});
