import { beforeAll, expect, it } from 'vitest';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { createDepartment, createStaff, staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const appeal = (title: string) => ({
  title,
  type: 'logistics',
  content: '我司冷链货物多在夜间到港，需要在保税仓库开展夜间装卸作业，希望协调相关部门办理许可。',
  contactName: '周经理',
  contactPhone: '13912340000',
  isPublic: false,
});

/**
 * 下一条 (docs/console.md "下一条"): after a step, the next item of the list the person came from,
 * under its filters, order and row scope; where the step took the item out of the list, the one
 * that moved into its place; null when the list holds nothing else.
 */
describeEachDb('下一条', (t) => {
  let ent: SignedUp;
  let dispatcher: StaffSession;

  beforeAll(async () => {
    ent = await signUpAndLogin(t(), { enterpriseName: '上海下一条测试贸易有限公司' });
    dispatcher = await staffLogin(t(), 'dispatcher');
  });

  const file = async (title: string) => (await t().call({ method: 'POST', url: '/api/appeal/save', payload: appeal(title), headers: ent.headers })).body.data.id as number;
  const act = (who: StaffSession, name: string, payload: object) => t().call({ method: 'POST', url: `/console/api/appeal/${name}`, payload, headers: who.headers });
  const order = async (who: StaffSession, filters: object) =>
    ((await t().call({ method: 'POST', url: '/console/api/appeal/pages', payload: { pageSize: 100, ...filters }, headers: who.headers })).body.data.records as { id: number }[]).map((r) => r.id);
  const next = async (who: StaffSession, body: object) => {
    const res = await act(who, 'next', body);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as { id: number; at: number } | null;
  };

  it('finds the next work order of the same queue and filters, where the person was', async () => {
    for (const title of ['夜间装卸许可一', '夜间装卸许可二', '夜间装卸许可三']) await file(title);
    const other = await file('仓储用地咨询');
    const queue = { status: 'pending', keyword: '夜间装卸' };
    // 待受理 in the list's order; the one about land is not in this list.
    const [a, b, c] = await order(dispatcher, queue);
    expect(await order(dispatcher, queue)).not.toContain(other);
    expect(await next(dispatcher, { ...queue, id: a, at: 0 })).toEqual({ id: b, at: 1 });

    // 受理 takes a out of 待受理: b moves up into its place.
    expect((await act(dispatcher, 'accept', { id: a })).status).toBe(200);
    expect(await next(dispatcher, { ...queue, id: a, at: 0 })).toEqual({ id: b, at: 0 });
    // Past the end the list starts again at the top (what is left before the place is not skipped).
    expect((await act(dispatcher, 'accept', { id: c })).status).toBe(200);
    expect(await next(dispatcher, { ...queue, id: c, at: 1 })).toEqual({ id: b, at: 0 });
    // The last one done: nothing left under these filters, though the land question still waits.
    expect((await act(dispatcher, 'accept', { id: b })).status).toBe(200);
    expect(await next(dispatcher, { ...queue, id: b, at: 0 })).toBeNull();
    expect(await next(dispatcher, { status: 'pending', id: b, at: 0 })).toEqual({ id: other, at: 0 });

    // A bad place is a sentence, not a 500.
    for (const at of [-1, '第一', 1e9]) {
      const bad = await act(dispatcher, 'next', { id: a, at });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('列表位置有误');
    }
  });

  it('keeps a handler within their department', async () => {
    const mine = await createDepartment(t());
    const theirs = await createDepartment(t());
    const handler = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: mine }));
    const ids: number[] = [];
    for (const [i, department] of [mine, theirs, mine].entries()) {
      const id = await file(`转办测试 ${i}`);
      expect((await act(dispatcher, 'accept', { id })).status).toBe(200);
      expect((await act(dispatcher, 'assign', { id, departmentId: department })).status).toBe(200);
      ids.push(id);
    }
    // The other department's work order sits between the two in the dispatcher's list, not in the handler's.
    const all = await order(dispatcher, { keyword: '转办测试' });
    expect(all).toHaveLength(3);
    const [first, second] = await order(handler, { keyword: '转办测试' });
    expect([first, second].sort()).toEqual([ids[0], ids[2]].sort());
    expect(await next(handler, { keyword: '转办测试', id: first, at: 0 })).toEqual({ id: second, at: 1 });
    // 签收 takes it out of 待签收: the list starts again at the top.
    expect((await act(handler, 'sign', { id: second })).status).toBe(200);
    expect(await next(handler, { keyword: '转办测试', unsigned: true, id: second, at: 1 })).toEqual({ id: first, at: 0 });
  });

  it('walks the review queues of declarations and content alike', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const ids: number[] = [];
    for (const title of ['下一条通知一', '下一条通知二']) {
      const saved = await t().call({ method: 'POST', url: '/console/api/notice/save', payload: { title, content: '<p>正文</p>', isTop: false }, headers: editor.headers });
      ids.push(saved.body.data.id);
      expect((await t().call({ method: 'POST', url: '/console/api/notice/submit', payload: { id: saved.body.data.id }, headers: editor.headers })).status).toBe(200);
    }
    const queue = { status: 'pending_review', keyword: '下一条通知' };
    const listed = (await t().call({ method: 'POST', url: '/console/api/notice/pages', payload: queue, headers: publisher.headers })).body.data.records.map((r: any) => r.id);
    expect(listed).toEqual([ids[1], ids[0]]);
    const first = await t().call({ method: 'POST', url: '/console/api/notice/next', payload: { ...queue, id: ids[1], at: 0 }, headers: publisher.headers });
    expect(first.body.data).toEqual({ id: ids[0], at: 1 });
    expect((await t().call({ method: 'POST', url: '/console/api/notice/publish', payload: { id: ids[1] }, headers: publisher.headers })).status).toBe(200);
    const after = await t().call({ method: 'POST', url: '/console/api/notice/next', payload: { ...queue, id: ids[1], at: 0 }, headers: publisher.headers });
    expect(after.body.data).toEqual({ id: ids[0], at: 0 });

    const reviewer = await staffLogin(t(), 'reviewer');
    const none = await t().call({ method: 'POST', url: '/console/api/declare-ent/next', payload: { status: 'submitted', keyword: '没有这家企业', id: 1, at: 0 }, headers: reviewer.headers });
    expect(none.status, none.body.msg).toBe(200);
    expect(none.body.data).toBeNull();
    expect((await t().call({ method: 'POST', url: '/console/api/declare-ent/next', payload: { id: 1, at: 0 }, headers: publisher.headers })).status).toBe(403);
  });
});
