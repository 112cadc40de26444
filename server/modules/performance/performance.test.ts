import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { performanceWindow } from './performance.service.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { createDepartment, createStaff, staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const valid = {
  title: '绩效统计测试诉求',
  type: 'logistics',
  content: '我司冷链货物多在夜间到港，需要在保税仓库开展夜间装卸作业，希望协调相关部门办理许可。',
  contactName: '周经理',
  contactPhone: '13912340000',
  isPublic: false,
};
const PAST = '2020-01-01T00:00:00.000Z';

it('covers the last 12 Beijing calendar months, this one included', () => {
  // 2026-01-31 20:00 UTC is already 1 February in Beijing.
  const w = performanceWindow(new Date('2026-01-31T20:00:00.000Z'));
  expect(w.months).toEqual([
    '2025-03',
    '2025-04',
    '2025-05',
    '2025-06',
    '2025-07',
    '2025-08',
    '2025-09',
    '2025-10',
    '2025-11',
    '2025-12',
    '2026-01',
    '2026-02',
  ]);
  expect(w.monthStarts[0]).toBe('2025-02-28T16:00:00.000Z');
  expect(w.monthStarts[11]).toBe('2026-01-31T16:00:00.000Z');
  expect([w.from, w.to]).toEqual(['2025-03-01', '2026-02-01']);
});

describeEachDb('办件绩效 API', (t) => {
  let ent: SignedUp;
  let dispatcher: StaffSession;
  let handlerA: StaffSession;
  let handlerB: StaffSession;
  let deptA: number;
  let deptB: number;
  let deptC: number;

  const file = async (title: string) =>
    (
      await t().call({
        method: 'POST',
        url: '/api/appeal/save',
        payload: { ...valid, title },
        headers: ent.headers,
      })
    ).body.data.id as number;
  const act = async (who: StaffSession, name: string, payload: object) => {
    const res = await t().call({
      method: 'POST',
      url: `/console/api/appeal/${name}`,
      payload,
      headers: who.headers,
    });
    expect(res.status, `${name}: ${res.body.msg}`).toBe(200);
  };
  const rate = async (id: number, level: number, comment?: string) => {
    const res = await t().call({
      method: 'POST',
      url: '/admin/appeal/en-evaluate',
      payload: { id, level, comment },
      headers: ent.headers,
    });
    expect(res.status, res.body.msg).toBe(200);
  };
  const backdate = (id: number, patch: Record<string, string>) => t().db.updateTable('appeal').set(patch).where('id', '=', id).execute();
  const performance = async () => {
    const res = await t().call({ method: 'GET', url: '/api/performance' });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };

  /** Through the department: accepted, assigned, signed, answered. */
  async function answeredBy(handler: StaffSession, departmentId: number, title: string) {
    const id = await file(title);
    await act(dispatcher, 'accept', { id });
    await act(dispatcher, 'assign', { id, departmentId });
    await act(handler, 'sign', { id });
    await act(handler, 'reply', { id, reply: '已协调办理完毕，请查收。' });
    return id;
  }

  beforeAll(async () => {
    ent = await signUpAndLogin(t(), {
      enterpriseName: '上海外高桥绩效测试有限公司',
    });
    deptA = await createDepartment(t(), '投资促进处');
    deptB = await createDepartment(t(), '口岸服务处');
    deptC = await createDepartment(t(), '规划建设处');
    dispatcher = await staffLogin(t(), 'dispatcher');
    handlerA = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: deptA }));
    handlerB = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: deptB }));

    // A: answered on time and rated 满意.
    await rate(await answeredBy(handlerA, deptA, '一次办好的诉求'), 2);
    // A: rated 非常不满意, rectified, then rated 基本满意: three ratings in all for A.
    const bad = await answeredBy(handlerA, deptA, '整改后满意的诉求');
    await rate(bad, 5, '答复没有解决实际问题');
    const followUp = await t().db.selectFrom('appealFollowUp').select('id').where('appealId', '=', bad).executeTakeFirstOrThrow();
    const fed = await t().call({
      method: 'POST',
      url: '/console/api/evaluation/feedback',
      payload: { id: followUp.id, feedback: '已督促部门补办许可并完成验收。' },
      headers: dispatcher.headers,
    });
    expect(fed.status, fed.body.msg).toBe(200);
    await rate(bad, 3);
    // B: accepted after its deadline, and still unanswered past the reply deadline.
    const late = await file('超期受理又超期未办结的诉求');
    await backdate(late, { acceptDeadlineAt: PAST });
    await act(dispatcher, 'accept', { id: late });
    await act(dispatcher, 'assign', { id: late, departmentId: deptB });
    await act(handlerB, 'sign', { id: late });
    await backdate(late, { replyDeadlineAt: PAST, dueAt: PAST });
    // The bureau itself: one refused in time, one waiting within its acceptance deadline.
    await act(dispatcher, 'reject', {
      id: await file('不予受理的诉求'),
      reason: '不属于本局职责范围',
    });
    await file('刚提交的诉求');
    // Not counted: withdrawn, and filed 13 months ago.
    const withdrawn = await file('撤回的诉求');
    expect(
      (
        await t().call({
          method: 'POST',
          url: '/admin/appeal/withdraw',
          payload: { id: withdrawn },
          headers: ent.headers,
        })
      ).status,
    ).toBe(200);
    const old = await file('一年多以前的诉求');
    await backdate(old, {
      createdAt: new Date(Date.now() - 400 * 86_400_000).toISOString(),
    });
  });

  afterEach(() => vi.restoreAllMocks());

  it('counts received, on-time acceptance and answers, satisfaction and rectification from the records', async () => {
    const p = await performance();
    const r = (count: number, total: number, rate: number | null) => ({
      count,
      total,
      rate,
    });
    expect(p.overall).toEqual({
      received: 5,
      acceptedOnTime: r(3, 4, 75),
      resolvedOnTime: r(2, 3, 66.7),
      satisfaction: r(2, 3, 66.7),
      rectified: r(1, 1, 100),
    });
    const row = (id: number | null) => p.departments.find((d: any) => d.id === id);
    expect(row(deptA)).toEqual({
      id: deptA,
      name: '投资促进处',
      received: 2,
      acceptedOnTime: r(2, 2, 100),
      resolvedOnTime: r(2, 2, 100),
      satisfaction: r(2, 3, 66.7),
      rectified: r(1, 1, 100),
    });
    expect(row(deptB)).toMatchObject({
      received: 1,
      acceptedOnTime: r(0, 1, 0),
      resolvedOnTime: r(0, 1, 0),
      satisfaction: r(0, 0, null),
      rectified: r(0, 0, null),
    });
    // A department without a single record is listed with nothing to measure.
    expect(row(deptC)).toEqual({
      id: deptC,
      name: '规划建设处',
      received: 0,
      acceptedOnTime: r(0, 0, null),
      resolvedOnTime: r(0, 0, null),
      satisfaction: r(0, 0, null),
      rectified: r(0, 0, null),
    });
    expect(row(null)).toMatchObject({
      name: '企业服务局（直接办理）',
      received: 2,
      acceptedOnTime: r(1, 1, 100),
      resolvedOnTime: r(0, 0, null),
    });

    expect(p.months).toHaveLength(12);
    const w = performanceWindow(new Date());
    expect(p.months.map((m: any) => m.month)).toEqual(w.months);
    expect(p.months.at(-1)).toMatchObject({
      received: 5,
      satisfaction: r(2, 3, 66.7),
    });
    expect(p.months.slice(0, -1).every((m: any) => m.received === 0)).toBe(true);
    expect([p.from, p.to]).toEqual([w.from, w.to]);
  });

  it('keeps the figures a minute, then computes them again', async () => {
    const first = await performance();
    await file('统计缓存期间提交的诉求');
    const cached = await performance();
    expect(cached).toEqual(first);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    const fresh = await performance();
    expect(fresh.overall.received).toBe(first.overall.received + 1);
  });
});
