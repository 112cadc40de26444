import { beforeAll, expect, it } from 'vitest';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const confirmation = { contactName: '陈思远', contactPhone: '13800138000', bankName: '招商银行上海分行营业部', bankAccount: '6225 8801 2345 6789' };

describeEachDb('免申即享名单的办理（管理后台）', (t) => {
  let reviewer: StaffSession;
  let payer: StaffSession;
  let editor: StaffSession;
  let ent: SignedUp;
  let projectId: number;

  beforeAll(async () => {
    reviewer = await staffLogin(t(), 'reviewer');
    payer = await staffLogin(t(), 'payer');
    editor = await staffLogin(t(), 'editor');
    ent = await signUpAndLogin(t(), { enterpriseName: '上海外高桥兑付测试有限公司' });
    const at = new Date().toISOString();
    projectId = (
      await t()
        .db.insertInto('freeProject')
        .values({
          name: '研发费用加计奖励',
          category: 'finance',
          department: '科技处',
          amountMin: null,
          amountMax: 500_000,
          conditions: '条件',
          content: '内容',
          publishAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  /** A fresh 待确认 row of the test enterprise on a project of its own (one row per project and enterprise). */
  async function row(amount = 30_000): Promise<number> {
    const at = new Date().toISOString();
    const p = await t()
      .db.insertInto('freeProject')
      .values({
        name: `兑付测试项目${Math.random().toString(36).slice(2, 8)}`,
        category: 'finance',
        department: '科技处',
        amountMin: null,
        amountMax: null,
        conditions: '条件',
        content: '内容',
        publishAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await t()
      .db.insertInto('freeDeclareEnt')
      .values({ freeProjectId: p.id, enterpriseId: ent.enterpriseId, amount, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }
  const act = (who: StaffSession, name: string, payload: object) => t().call({ method: 'POST', url: `/console/api/free-declare/${name}`, payload, headers: who.headers });
  const detail = async (who: StaffSession, id: number) => (await t().call({ method: 'GET', url: `/console/api/free-declare/detail?id=${id}`, headers: who.headers })).body.data;
  const confirm = (id: number) => t().call({ method: 'POST', url: '/admin/freeDeclareEnt/save', payload: { ...confirmation, freeDeclareEntId: id }, headers: ent.headers });
  const own = async (id: number) =>
    (await t().call({ method: 'POST', url: '/api/free/declare/pages', payload: { pageSize: 100 }, headers: ent.headers })).body.data.records.find((r: any) => r.id === id);
  const sms = async () => {
    await t().app.services.message.settled();
    return (await t().db.selectFrom('smsDelivery').select(['template', 'status']).where('phone', '=', ent.phone).orderBy('id').execute()).map((s) => `${s.template}:${s.status}`);
  };
  async function ok(res: { status: number; body: { msg: string } }) {
    expect(res.status, res.body.msg).toBe(200);
  }

  it('walks a row: enterprise confirms → returned for wrong bank details → confirms again → amended → paid, with timeline, messages, SMS and audit', async () => {
    const id = await row();
    expect((await detail(reviewer, id)).actions).toEqual(['amend', 'cancel']);
    await ok(await confirm(id));
    expect((await detail(reviewer, id)).actions).toEqual(['amend', 'cancel', 'return']);
    expect((await detail(payer, id)).actions).toEqual(['pay']);

    await ok(await act(reviewer, 'return', { id, reason: '开户银行与账号不符，请核对' }));
    let mine = await own(id);
    expect(mine).toMatchObject({ status: 'pending_confirm', canConfirm: true, returnReason: '开户银行与账号不符，请核对', bankAccount: '6225880123456789' });
    await ok(await confirm(id));
    expect((await own(id)).returnReason).toBeNull();

    await ok(await act(reviewer, 'amend', { id, amount: 3.5, reason: '按核定的研发投入重新计算' }));
    expect((await act(reviewer, 'amend', { id, amount: 3.5, reason: '再次调整' })).status).toBe(409);
    await ok(await act(payer, 'pay', { ids: [id], voucherNo: 'CZ2026-0001' }));

    const d = await detail(reviewer, id);
    expect(d).toMatchObject({ status: 'paid', statusText: '已兑付', amount: 3.5, voucherNo: 'CZ2026-0001', paidAt: expect.any(String), actions: [] });
    expect(d.timeline.map((e: any) => e.action)).toEqual(['confirmed', 'returned', 'confirmed', 'amended', 'paid']);
    expect(d.timeline.find((e: any) => e.action === 'paid')).toMatchObject({ actor: '企业服务局', staffName: payer.staff.name });

    mine = await own(id);
    expect(mine).toMatchObject({ status: 'paid', statusText: '已兑付', voucherNo: 'CZ2026-0001' });
    expect(mine.timeline.map((e: any) => e.actionText)).toEqual(['企业确认', '退回重新确认', '企业确认', '调整金额', '已兑付']);
    expect(mine.timeline.every((e: any) => !('staffName' in e))).toBe(true);
    const messages = (await t().call({ method: 'GET', url: '/admin/user/messages/page?pageSize=100', headers: ent.headers })).body.data.records;
    expect(messages.filter((m: any) => m.link === `/free-apply/components/apply-form?freeDeclareEntId=${id}`).map((m: any) => m.title)).toEqual([
      expect.stringContaining('已兑付'),
      expect.stringContaining('金额已调整'),
      expect.stringContaining('已退回'),
    ]);
    // SMS where the enterprise must act (returned) or learns a result (paid); not for the amount change.
    expect(await sms()).toEqual(['free_declare_returned:sent', 'free_declare_paid:sent']);

    const audit = await t()
      .db.selectFrom('auditLog')
      .select(['action', 'result', 'changes'])
      .where('objectType', '=', 'free_declare_ent')
      .where('loginName', 'in', [reviewer.staff.loginName, payer.staff.loginName])
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['free-declare.return', 'free-declare.amend', 'free-declare.pay']));
  });

  it('refuses each step in the wrong state with 409 and a sentence', async () => {
    const pending = await row();
    const paid = await row();
    await ok(await confirm(paid));
    await ok(await act(payer, 'pay', { ids: [paid], voucherNo: 'CZ2026-0002' }));

    const r1 = await act(reviewer, 'return', { id: pending, reason: '账户有误' });
    expect(r1.status).toBe(409);
    expect(r1.body.msg).toBe('只有已确认、尚未兑付的记录可以退回（当前状态：待确认）');
    const r2 = await act(payer, 'pay', { ids: [pending], voucherNo: 'CZ2026-0003' });
    expect(r2.status).toBe(409);
    expect(r2.body.msg).toContain('上海外高桥兑付测试有限公司（待确认）');
    expect((await act(payer, 'pay', { ids: [paid], voucherNo: 'CZ2026-0003' })).status).toBe(409);
    expect((await act(reviewer, 'cancel', { id: paid, reason: '重复兑付' })).body.msg).toBe('只有待确认或已确认的记录可以取消（当前状态：已兑付）');
    expect((await act(reviewer, 'amend', { id: paid, amount: 1, reason: '调整' })).status).toBe(409);

    // A batch with one row in the wrong state pays none of them.
    const confirmed = await row();
    await ok(await confirm(confirmed));
    expect((await act(payer, 'pay', { ids: [confirmed, pending], voucherNo: 'CZ2026-0004' })).status).toBe(409);
    expect((await detail(payer, confirmed)).status).toBe('confirmed');

    await ok(await act(reviewer, 'cancel', { id: pending, reason: '企业已注销' }));
    expect(await own(pending)).toMatchObject({ status: 'cancelled', statusText: '已取消', cancelReason: '企业已注销', canConfirm: false });
    expect((await confirm(pending)).status).toBe(409);
    expect((await act(reviewer, 'cancel', { id: pending, reason: '企业已注销' })).status).toBe(409);
    expect(await sms()).toContain('free_declare_cancelled:sent');
    expect((await act(reviewer, 'cancel', { id: 999_999, reason: '不存在' })).status).toBe(404);
  });

  it('checks permissions: managers act on the list, payers only pay, others nothing', async () => {
    const id = await row();
    await ok(await confirm(id));
    expect((await act(payer, 'return', { id, reason: '账户有误' })).status).toBe(403);
    expect((await act(payer, 'cancel', { id, reason: '取消' })).status).toBe(403);
    expect((await act(reviewer, 'pay', { ids: [id], voucherNo: 'CZ1' })).status).toBe(403);
    expect((await act(editor, 'pages', {})).status).toBe(403);
    expect((await t().call({ method: 'POST', url: '/console/api/free-declare/pages', payload: {}, headers: ent.headers })).status).toBe(401);
    const sysadmin = await staffLogin(t(), 'sysadmin');
    expect((await t().call({ method: 'GET', url: `/console/api/free-declare/detail?id=${id}`, headers: sysadmin.headers })).status).toBe(403);
    const denied = await t().db.selectFrom('auditLog').select(['action', 'result']).where('loginName', '=', payer.staff.loginName).where('result', '=', 'denied').execute();
    expect(denied.map((d) => d.action)).toEqual(expect.arrayContaining(['free-declare.return', 'free-declare.cancel']));
    expect((await detail(reviewer, id)).status).toBe('confirmed');
  });

  it('validates the inputs with the contract’s sentences', async () => {
    const id = await row();
    const res = await act(reviewer, 'amend', { id, amount: 1.23456, reason: '' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toMatchObject({ amount: '金额最多保留 4 位小数', reason: expect.stringContaining('调整原因') });
    const pay = await act(payer, 'pay', { ids: [], voucherNo: '凭证 1' });
    expect(pay.body.data.fields).toMatchObject({ ids: '请选择要登记兑付的记录', voucherNo: '凭证号只能包含字母、数字和 - _ /' });
  });

  it('pays once when the payer double-clicks', async () => {
    const a = await row();
    const b = await row();
    await ok(await confirm(a));
    await ok(await confirm(b));
    const results = await Promise.all([act(payer, 'pay', { ids: [a, b], voucherNo: 'CZ2026-0100' }), act(payer, 'pay', { ids: [a, b], voucherNo: 'CZ2026-0100' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const timeline = await t().db.selectFrom('freeDeclareTimeline').select('freeDeclareEntId').where('action', '=', 'paid').where('freeDeclareEntId', 'in', [a, b]).execute();
    expect(timeline).toHaveLength(2);
    const twice = await Promise.all([act(reviewer, 'cancel', { id: await row(), reason: '重复' }), act(reviewer, 'cancel', { id: a, reason: '重复' })]);
    expect(twice.map((r) => r.status)).toEqual([200, 409]);
  });

  it('answers 信息有误 within 5 working days; the enterprise sees the answer', async () => {
    const id = await row();
    const filed = await t().call({
      method: 'POST',
      url: '/admin/freeDeclareEnt/correction',
      payload: { freeDeclareEntId: id, content: '补贴金额计算有误，我司研发投入为 320 万元。' },
      headers: ent.headers,
    });
    expect(filed.status).toBe(200);
    const list = async (body: object = {}) =>
      (await t().call({ method: 'POST', url: '/console/api/free-declare/correction/pages', payload: { pageSize: 100, ...body }, headers: reviewer.headers })).body.data;
    const item = (await list({ status: 'received' })).records.find((c: any) => c.receiptNo === filed.body.data.receiptNo);
    expect(item).toMatchObject({ freeDeclareEntId: id, status: 'received', statusText: '待答复', overdue: false, enterpriseName: '上海外高桥兑付测试有限公司' });
    expect(item.dueAt > item.createdAt).toBe(true);
    expect((await detail(reviewer, id)).openCorrections).toBe(1);

    // Past its deadline it is flagged and found by the 超期 filter.
    await t().db.updateTable('freeDeclareCorrection').set({ dueAt: '2026-01-05T16:00:00.000Z' }).where('id', '=', item.id).execute();
    expect((await list({ overdue: true })).records.map((c: any) => c.id)).toContain(item.id);

    expect((await t().call({ method: 'POST', url: '/console/api/free-declare/correction/answer', payload: { id: item.id, reply: '已核实' }, headers: payer.headers })).status).toBe(
      403,
    );
    const answer = (reply: string) => t().call({ method: 'POST', url: '/console/api/free-declare/correction/answer', payload: { id: item.id, reply }, headers: reviewer.headers });
    const [a, b] = await Promise.all([answer('经核实，金额按研发投入 320 万元重新核定为 3.2 万元。'), answer('经核实，金额按研发投入 320 万元重新核定为 3.2 万元。')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = (await list({ status: 'answered' })).records.find((c: any) => c.id === item.id);
    expect(after).toMatchObject({ status: 'answered', overdue: false, reply: expect.stringContaining('3.2 万元') });
    const mine = await own(id);
    expect(mine.corrections[0]).toMatchObject({ reply: expect.stringContaining('3.2 万元'), repliedAt: expect.any(String) });
    expect(mine.timeline.map((e: any) => e.action)).toEqual(['correction', 'correction_answered']);
    expect(await sms()).toContain('free_declare_answered:sent');
  });

  it('lists projects with their counts and a project’s rows with filters', async () => {
    const projects = (await t().call({ method: 'GET', url: '/console/api/free-declare/projects', headers: payer.headers })).body.data;
    expect(projects.find((p: any) => p.id === projectId)).toMatchObject({ name: '研发费用加计奖励', amountMax: 50, total: 0, counts: { pending_confirm: 0, paid: 0 } });
    const page = (await t().call({ method: 'POST', url: '/console/api/free-declare/pages', payload: { status: 'paid', keyword: '外高桥兑付' }, headers: payer.headers })).body.data;
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.every((r: any) => r.status === 'paid' && r.enterpriseName.includes('外高桥兑付'))).toBe(true);
  });
});
