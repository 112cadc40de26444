import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { createDepartment, createStaff, staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { sql } from 'kysely';
import type { WorkOrderQuery } from '#contract/appeal.console.ts';
import { planOf } from '#tests/helpers/query-plan.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';
import { workOrderPageQuery } from './appeal.console.repository.ts';

const valid = {
  title: '申请协调保税仓库夜间装卸作业许可',
  type: 'logistics',
  content: '我司冷链货物多在夜间到港，需要在保税仓库开展夜间装卸作业，希望协调相关部门办理许可。',
  contactName: '周经理',
  contactPhone: '13912340000',
  isPublic: true,
};

describeEachDb('诉求工单（管理后台）', (t) => {
  let ent: SignedUp;
  let dispatcher: StaffSession;
  let handler: StaffSession;
  let otherHandler: StaffSession;
  let editor: StaffSession;
  let deptA: number;
  let deptB: number;

  beforeAll(async () => {
    ent = await signUpAndLogin(t(), { enterpriseName: '上海外高桥冷链仓储有限公司' });
    deptA = await createDepartment(t(), '投资促进处');
    deptB = await createDepartment(t(), '口岸服务处');
    dispatcher = await staffLogin(t(), 'dispatcher');
    handler = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: deptA, name: '李办理' }));
    otherHandler = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: deptB }));
    editor = await staffLogin(t(), 'editor');
  });

  const file = async (extra: object = {}) => (await t().call({ method: 'POST', url: '/api/appeal/save', payload: { ...valid, ...extra }, headers: ent.headers })).body.data.id as number;
  const act = (who: StaffSession, name: string, payload: object) => t().call({ method: 'POST', url: `/console/api/appeal/${name}`, payload, headers: who.headers });
  const detail = (who: StaffSession, id: number) => t().call({ method: 'GET', url: `/console/api/appeal/detail?id=${id}`, headers: who.headers });
  const pages = (who: StaffSession, body: object = {}) => t().call({ method: 'POST', url: '/console/api/appeal/pages', payload: { pageSize: 100, ...body }, headers: who.headers });
  const own = async (id: number) => (await t().call({ method: 'GET', url: `/admin/appeal?id=${id}`, headers: ent.headers })).body.data;
  const audits = (t: TestApp, action: string, id: number) =>
    t.db.selectFrom('auditLog').selectAll().where('action', '=', action).where('objectId', '=', String(id)).execute();
  const messages = async () => (await t().call({ method: 'GET', url: '/admin/user/messages/page?pageSize=100', headers: ent.headers })).body.data.records as any[];

  async function ok(res: { status: number; body: { msg: string } }) {
    expect(res.status, res.body.msg).toBe(200);
  }

  it('walks the whole loop: accept, assign, sign, extend, reply, revisit — with timeline, messages, SMS and audit', async () => {
    const id = await file();
    await ok(await act(dispatcher, 'accept', { id, note: '属于口岸通关便利事项' }));
    await ok(await act(dispatcher, 'assign', { id, departmentId: deptA, note: '请投资促进处牵头协调' }));
    let d = (await detail(handler, id)).body.data;
    expect(d).toMatchObject({ status: 'processing', departmentName: '投资促进处', signedAt: null, actions: expect.arrayContaining(['sign', 'note']) });
    expect(d.dueAt).toBe(d.signDeadlineAt);

    await ok(await act(handler, 'sign', { id }));
    await ok(await act(handler, 'extend', { id, days: 3, reason: '需海关、消防联合现场勘验' }));
    expect((await detail(handler, id)).body.data.actions).not.toContain('extend');
    const before = (await detail(dispatcher, id)).body.data.replyDeadlineAt;
    await ok(await act(dispatcher, 'extend-decide', { id, approved: true }));
    d = (await detail(dispatcher, id)).body.data;
    expect(d.extensionStatus).toBe('approved');
    expect(d.replyDeadlineAt > before).toBe(true);
    await ok(await act(dispatcher, 'urge', { id, note: '企业反映急迫，请本周内答复' }));
    await ok(await act(handler, 'note', { id, content: '已约海关查验科周三现场勘验' }));
    await ok(await act(handler, 'reply', { id, reply: '经联合勘验，同意贵司在保税仓库开展夜间装卸作业，请按规定报备作业计划。' }));
    await ok(await act(dispatcher, 'revisit', { id, note: '电话回访，企业表示满意' }));
    await t().app.services.message.settled();

    // Staff see everything, with names; the enterprise sees the department, never a staff name, and no internal row.
    d = (await detail(dispatcher, id)).body.data;
    expect(d.timeline.map((e: any) => e.action)).toEqual(['submitted', 'accepted', 'assigned', 'signed', 'extension_requested', 'extended', 'urged', 'note', 'note', 'replied', 'revisited']);
    expect(d.timeline.find((e: any) => e.action === 'signed')).toMatchObject({ actor: '企业服务局·投资促进处', staffName: '李办理', internal: false });
    expect(d.dueAt).toBeNull();
    const mine = await own(id);
    expect(mine.timeline.map((e: any) => [e.action, e.actor])).toEqual([
      ['submitted', '测试联系人'],
      ['accepted', '企业服务局'],
      ['assigned', '企业服务局'],
      // Signed with the office (officeOf): the handler's department; the dispatcher here has none.
      ['signed', '企业服务局·投资促进处'],
      ['extended', '企业服务局'],
      ['urged', '企业服务局'],
      ['replied', '企业服务局·投资促进处'],
      ['revisited', '企业服务局'],
    ]);
    expect(JSON.stringify(mine)).not.toMatch(/李办理|现场勘验科|请本周内答复|staffName/);
    expect(mine).toMatchObject({ status: 'resolved', canEvaluate: true });

    const inbox = (await messages()).filter((m) => m.link === `/user/appeal/${id}`).map((m) => m.title);
    expect(inbox).toEqual(expect.arrayContaining([`诉求“${valid.title}”已办结`, `诉求“${valid.title}”办理期限延长 3 个工作日`, `诉求“${valid.title}”已转交投资促进处办理`, `诉求“${valid.title}”已受理`]));
    expect(d.sms.map((s: any) => [s.template, s.status])).toEqual([
      ['appeal_resolved', 'sent'],
      ['appeal_accepted', 'sent'],
    ]);
    for (const action of ['appeal.accept', 'appeal.assign', 'appeal.sign', 'appeal.extend', 'appeal.extend-decide', 'appeal.urge', 'appeal.note', 'appeal.reply', 'appeal.revisit']) {
      const rows = await audits(t(), action, id);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]).toMatchObject({ result: 'ok', objectType: 'appeal' });
    }
  });

  it('answers 409 with a sentence for every wrong state', async () => {
    const id = await file();
    for (const [who, name, payload] of [
      [handler, 'sign', { id }],
      [dispatcher, 'assign', { id, departmentId: deptA }],
      [dispatcher, 'urge', { id }],
      [dispatcher, 'reply', { id, reply: '答复' }],
      [dispatcher, 'revisit', { id, note: '回访' }],
      [dispatcher, 'extend-decide', { id, approved: true }],
    ] as const) {
      const res = await act(who, name, payload);
      // A handler cannot even see an unassigned work order: 404, not 409.
      expect(res.status, name).toBe(who === handler ? 404 : 409);
      expect(res.body.msg, name).toMatch(who === handler ? /不属于本部门/ : /当前状态|没有待审批/);
    }
    await ok(await act(dispatcher, 'accept', { id }));
    const again = await act(dispatcher, 'accept', { id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('只有待受理的诉求可以受理（当前状态：办理中）');
    await ok(await act(dispatcher, 'assign', { id, departmentId: deptA }));
    expect((await act(handler, 'reply', { id, reply: '答复' })).body.msg).toBe('请先签收该诉求，再答复');
    expect((await act(handler, 'extend', { id, days: 2, reason: '需要时间' })).body.msg).toBe('请先签收该诉求，再申请延期');
    expect((await act(dispatcher, 'assign', { id, departmentId: deptA })).body.msg).toBe('该诉求已转交投资促进处，正等待签收');
    expect((await act(dispatcher, 'reply', { id, reply: '答复' })).body.msg).toBe('该诉求已转交投资促进处办理，应由承办部门答复');
    await ok(await act(handler, 'sign', { id }));
    expect((await act(handler, 'sign', { id })).status).toBe(409);
    await ok(await act(handler, 'extend', { id, days: 5, reason: '需要第三方检测' }));
    await ok(await act(dispatcher, 'extend-decide', { id, approved: false, note: '期限内可以办结' }));
    const twice = await act(handler, 'extend', { id, days: 1, reason: '再延一天' });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toMatch(/只能申请一次延期/);
    const dept = await act(dispatcher, 'assign', { id, departmentId: 999999 });
    expect(dept.status).toBe(400);
    expect(dept.body.data.fields.departmentId).toMatch(/部门不存在/);
    // The refusal stays internal.
    expect((await own(id)).timeline.map((e: any) => e.action)).not.toContain('extension_refused');
  });

  it('checks the fields of each step', async () => {
    const id = await file();
    const cases: [string, object, string][] = [
      ['reject', { id, reason: '  ' }, 'reason'],
      ['extend', { id, days: 6, reason: '太久' }, 'days'],
      ['extend', { id, days: 0, reason: '太短' }, 'days'],
      ['extend-decide', { id, approved: false }, 'note'],
      ['reply', { id, reply: '' }, 'reply'],
      ['note', { id, content: '' }, 'content'],
      ['unpublish', { id }, 'reason'],
    ];
    for (const [name, payload, field] of cases) {
      const res = await act(name === 'extend' ? handler : dispatcher, name, payload);
      expect(res.status, name).toBe(400);
      expect(Object.keys(res.body.data.fields), name).toContain(field);
    }
  });

  it('refuses what a role may not do (403, audited as denied) and keeps handlers to their department', async () => {
    const id = await file();
    const denied = await act(handler, 'accept', { id });
    expect(denied.status).toBe(403);
    expect((await audits(t(), 'appeal.accept', id)).map((r) => r.result)).toEqual(['denied']);
    expect((await act(editor, 'accept', { id })).status).toBe(403);
    expect((await pages(editor)).status).toBe(403);
    expect((await t().call({ method: 'POST', url: '/console/api/appeal/accept', payload: { id }, headers: ent.headers })).status).toBe(401);

    await ok(await act(dispatcher, 'accept', { id }));
    await ok(await act(dispatcher, 'assign', { id, departmentId: deptA }));
    // Department B's handler neither lists nor opens it, nor acts on it.
    expect((await pages(otherHandler)).body.data.records.map((r: any) => r.id)).not.toContain(id);
    expect((await detail(otherHandler, id)).status).toBe(404);
    expect((await act(otherHandler, 'sign', { id })).status).toBe(404);
    expect((await act(otherHandler, 'note', { id, content: '看看' })).status).toBe(404);
    const listA = (await pages(handler)).body.data.records;
    expect(listA.map((r: any) => r.id)).toContain(id);
    expect(listA.every((r: any) => r.departmentId === deptA)).toBe(true);
    // Re-assigned elsewhere, it leaves department A's queue.
    await ok(await act(handler, 'sign', { id }));
    await ok(await act(dispatcher, 'assign', { id, departmentId: deptB }));
    expect((await detail(handler, id)).status).toBe(404);
    expect((await detail(otherHandler, id)).body.data).toMatchObject({ departmentName: '口岸服务处', signedAt: null });
  });

  it('changes state once on a double click', async () => {
    const id = await file();
    const results = await Promise.all([act(dispatcher, 'accept', { id }), act(dispatcher, 'accept', { id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    await ok(await act(dispatcher, 'assign', { id, departmentId: deptA }));
    const signs = await Promise.all([act(handler, 'sign', { id }), act(handler, 'sign', { id })]);
    expect(signs.map((r) => r.status).sort()).toEqual([200, 409]);
    const d = (await detail(dispatcher, id)).body.data;
    expect(d.timeline.filter((e: any) => e.action === 'accepted')).toHaveLength(1);
    expect(d.timeline.filter((e: any) => e.action === 'signed')).toHaveLength(1);
    await t().app.services.message.settled();
    expect((await t().app.services.message.smsFor(`/user/appeal/${id}`)).filter((s) => s.template === 'appeal_accepted')).toHaveLength(1);
  });

  it('takes an appeal off the public list with a reason the enterprise is told', async () => {
    const id = await file({ title: '含个人信息的公开诉求' });
    const listed = async () => (await t().call({ method: 'GET', url: '/admin/appeal?pageSize=100' })).body.data.records.map((r: any) => r.id);
    expect(await listed()).toContain(id);
    await ok(await act(dispatcher, 'unpublish', { id, reason: '诉求内容含个人手机号，不宜公开' }));
    expect(await listed()).not.toContain(id);
    expect((await act(dispatcher, 'unpublish', { id, reason: '再来一次' })).status).toBe(409);
    const mine = await own(id);
    expect(mine.isPublic).toBe(false);
    expect(mine.timeline.at(-1)).toMatchObject({ action: 'unpublished', note: '诉求内容含个人手机号，不宜公开' });
    // The enterprise's own edit cannot put it back on the list.
    await ok(await t().call({ method: 'POST', url: '/admin/appeal/update', payload: { ...valid, id, isPublic: true }, headers: ent.headers }));
    expect(await listed()).not.toContain(id);
  });

  it('opens a 差评 follow-up on 非常不满意: verify, feedback to the enterprise, then it rates again', async () => {
    const id = await file({ title: '差评整改测试诉求' });
    await ok(await act(dispatcher, 'accept', { id }));
    await ok(await act(dispatcher, 'reply', { id, reply: '已答复' }));
    const rate = (level: number, comment?: string) => t().call({ method: 'POST', url: '/admin/appeal/en-evaluate', payload: { id, level, comment }, headers: ent.headers });
    const list = async (body: object = {}) => (await t().call({ method: 'POST', url: '/console/api/evaluation/pages', payload: { keyword: '差评整改测试', ...body }, headers: dispatcher.headers })).body.data;
    const answered = async () => (await list({ status: 'fed_back' })).total as number;
    // Totals are kept between calls: each is counted again on the very next call after a write.
    expect((await list()).total).toBe(0);
    const answeredBefore = await answered();
    await ok(await rate(5, '答复没有解决实际问题'));

    expect((await list()).total).toBe(1);
    const [item] = (await list()).records;
    expect(item).toMatchObject({ appealId: id, status: 'open', statusText: '待核实', evaluationLevelText: '非常不满意', evaluationComment: '答复没有解决实际问题', overdue: false });
    expect(item.dueAt).toEqual(expect.any(String));
    expect((await list({ overdue: true })).total).toBe(0);
    // While the follow-up is open, the answer goes through it, not through reply.
    expect((await act(dispatcher, 'reply', { id, reply: '再次答复' })).body.msg).toMatch(/差评整改中/);
    expect((await t().call({ method: 'POST', url: '/console/api/evaluation/pages', payload: {}, headers: handler.headers })).status).toBe(403);

    const post = (url: string, payload: object) => t().call({ method: 'POST', url: `/console/api/evaluation/${url}`, payload, headers: dispatcher.headers });
    await ok(await post('verify', { id: item.id, verification: '经核实，企业反映的夜间作业许可确未落实' }));
    expect((await post('verify', { id: item.id, verification: '再次核实' })).status).toBe(409);
    expect((await post('feedback', { id: item.id, feedback: '' })).status).toBe(400);
    const text = '已督促部门补办许可，并于本周完成现场验收。';
    const both = await Promise.all([post('feedback', { id: item.id, feedback: text }), post('feedback', { id: item.id, feedback: text })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    await t().app.services.message.settled();

    const mine = await own(id);
    expect(mine).toMatchObject({ status: 'resolved', canEvaluate: true, reply: '已督促部门补办许可，并于本周完成现场验收。' });
    expect(mine.timeline.filter((e: any) => e.action === 'rectified')).toHaveLength(1);
    expect(mine.timeline.slice(-4).map((e: any) => [e.action, e.actor])).toEqual([
      ['evaluated', '测试联系人'],
      ['reopened', '企业服务局'],
      ['verified', '企业服务局'],
      ['rectified', '企业服务局'],
    ]);
    expect(JSON.stringify(mine)).not.toContain('确未落实');
    expect((await list()).records[0]).toMatchObject({ status: 'fed_back', dueAt: null, overdue: false, feedback: expect.stringContaining('补办许可') });
    expect(await answered()).toBe(answeredBefore + 1);
    expect((await t().app.services.message.smsFor(`/user/appeal/${id}`))[0]).toMatchObject({ template: 'appeal_rectified', status: 'sent' });
    // The empty one (400) and the second click (409) failed; one succeeded.
    expect((await audits(t(), 'evaluation.feedback', item.id)).map((r) => r.result).sort()).toEqual(['failed', 'failed', 'ok']);
    await ok(await rate(2));
    expect((await own(id)).status).toBe('evaluated');
  });

  it('says the department queue’s new total on the very next call after an assignment', async () => {
    const mine = async () => (await pages(handler, { status: 'processing' })).body.data.total as number;
    const before = await mine();
    expect(await mine()).toBe(before);
    const id = await file({ title: '总数测试：转办到本部门' });
    await ok(await act(dispatcher, 'accept', { id, note: '受理' }));
    await ok(await act(dispatcher, 'assign', { id, departmentId: deptA, note: '请投资促进处办理' }));
    expect(await mine()).toBe(before + 1);
  });

  it('filters the queue by status, department, 超期, 临期 and keyword', async () => {
    const late = await file({ title: '筛选测试：超期的诉求' });
    const fresh = await file({ title: '筛选测试：新提交的诉求' });
    await t().db.updateTable('appeal').set({ dueAt: '2020-01-01T00:00:00.000Z', acceptDeadlineAt: '2020-01-01T00:00:00.000Z' }).where('id', '=', late).execute();
    const overdue = (await pages(dispatcher, { overdue: true, keyword: '筛选测试' })).body.data.records;
    expect(overdue.map((r: any) => r.id)).toEqual([late]);
    expect(overdue[0]).toMatchObject({ overdue: true, dueSoon: false, statusText: '待受理', enterpriseName: '上海外高桥冷链仓储有限公司' });
    const soon = (await pages(dispatcher, { dueSoon: true, keyword: '筛选测试' })).body.data.records;
    expect(soon.map((r: any) => r.id)).toEqual([fresh]);
    expect((await pages(dispatcher, { keyword: '外高桥冷链', status: 'pending' })).body.data.records.map((r: any) => r.id)).toEqual(expect.arrayContaining([late, fresh]));
    expect((await pages(dispatcher, { departmentId: deptB, keyword: '筛选测试' })).body.data.total).toBe(0);
    const bad = await pages(dispatcher, { status: 'done' });
    expect(bad.status).toBe(400);
    // The enterprise sees the same flag on its own detail.
    expect(await own(late)).toMatchObject({ overdue: true, dueSoon: false });
    expect(await own(fresh)).toMatchObject({ overdue: false, dueSoon: true });
  });
  it('reads a queue page’s ids off its index (one status’s off the status-first one), even with one plan kept for every value', async () => {
    // Most resolved appeals owe nothing (no deadline): in the 全部 order they all come last.
    const owner = await t().db.selectFrom('appeal').select(['enterpriseId', 'userId']).where('id', '=', await file()).executeTakeFirstOrThrow();
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    // Rows go in oldest first, as they were filed: the old ones closed, the recent ones in progress.
    const statusOf = (n: number) => (n >= 15_000 ? ('processing' as const) : n % 3 === 0 ? ('resolved' as const) : ('evaluated' as const));
    const row = (n: number) => ({ ...owner, ...valid, isPublic: 1, acceptDeadlineAt: at(60), status: statusOf(n), dueAt: n >= 15_000 || n % 15 === 0 ? at(n - 15_000) : null, createdAt: at(n - 20_000) });
    for (let done = 0; done < 20_000; done += 500) await t().db.insertInto('appeal').values(Array.from({ length: 500 }, (_, i) => row(done + i))).execute();
    // As autovacuum leaves a table that grew over months: analysed, its visibility map set.
    if (t().kind === 'postgres') await sql`vacuum analyze appeal`.execute(t().db);

    const resolved = (await pages(dispatcher, { status: 'resolved', pageSize: 10 })).body.data.records;
    expect(resolved).toHaveLength(10);
    expect(resolved.every((r: any) => r.statusText === '已办结')).toBe(true);
    const bounds = { now: at(0), soonUntil: at(60 * 24 * 2) };
    const plan = await planOf(t(), workOrderPageQuery(t().db, { status: 'resolved', currentPage: 1, pageSize: 10 } as WorkOrderQuery, {}, bounds));
    expect(plan).toContain('appeal_status_queue_idx');
    // A later page of 全部: the ids off the queue index alone, then only the page's rows.
    const deep = await planOf(t(), workOrderPageQuery(t().db, { currentPage: 100, pageSize: 10 } as WorkOrderQuery, {}, bounds));
    expect(deep).toMatch(t().kind === 'postgres' ? /Index Only Scan using appeal_queue_status_idx/ : /COVERING INDEX appeal_queue_status_idx.*SCAN page/);
  });
});

describeEachDb('诉求工单的工作日期限（冻结时钟）', (t) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts across 国庆 and 春节', async () => {
    // Service calls: a session would expire while the clock jumps days ahead.
    const ent = await signUpAndLogin(t());
    const deptId = await createDepartment(t(), '综合服务处');
    const dispatcher = { id: 1, name: '受理员', departmentId: null, permissions: ['appeal:dispatch'] };
    const handler = { id: 2, name: '办理人', departmentId: deptId, permissions: ['appeal:handle'] };
    const wo = t().app.services.appealConsole;
    const user = { userId: ent.userId, enterpriseId: ent.enterpriseId, nickName: '测试联系人', permissions: [] };
    const d = (id: number) => wo.detail(dispatcher, id);
    const file = async () => (await t().app.services.appeal.submit(user, { ...valid, attachments: [] })).id;
    const at = (iso: string) => vi.setSystemTime(new Date(iso));
    vi.useFakeTimers({ toFake: ['Date'] });

    // 2026 国庆 (国务院办公厅 notice): 10-01 to 10-07 off; Saturday 10-10 worked.
    at('2026-09-30T02:00:00.000Z'); // Wednesday 10:00 in Shanghai
    const id = await file();
    expect((await d(id)).acceptDeadlineAt).toBe('2026-10-08T16:00:00.000Z'); // end of Thursday 10-08
    at('2026-09-30T03:00:00.000Z');
    await wo.accept(dispatcher, { id });
    // Five working days: 10-08, 10-09, 10-10 (make-up Saturday), 10-12, 10-13.
    expect((await d(id)).replyDeadlineAt).toBe('2026-10-13T16:00:00.000Z');
    await wo.assign(dispatcher, { id, departmentId: deptId });
    expect((await d(id)).signDeadlineAt).toBe('2026-10-08T16:00:00.000Z');
    at('2026-10-06T02:00:00.000Z'); // inside the holiday: two calendar days, but one working day left
    expect(await d(id)).toMatchObject({ overdue: false, dueSoon: true });
    at('2026-10-08T17:00:00.000Z'); // Friday 10-09 01:00: the department did not sign in time
    expect(await d(id)).toMatchObject({ overdue: true, dueSoon: false });
    await wo.sign(handler, id);
    await wo.extend(handler, { id, days: 5, reason: '节后需补充材料' });
    await wo.extendDecide(dispatcher, { id, approved: true });
    // Five more after 10-13: 10-14, 15, 16, 19, 20.
    expect((await d(id)).replyDeadlineAt).toBe('2026-10-20T16:00:00.000Z');

    // 2026 春节: 02-15 to 02-23 off; Saturdays 02-14 and 02-28 worked.
    at('2026-02-13T02:00:00.000Z'); // Friday 10:00
    const spring = await file();
    expect((await d(spring)).acceptDeadlineAt).toBe('2026-02-14T16:00:00.000Z'); // the make-up Saturday
    at('2026-02-14T02:00:00.000Z');
    await wo.accept(dispatcher, { id: spring });
    // 02-24, 25, 26, 27 and the make-up Saturday 02-28.
    expect((await d(spring)).replyDeadlineAt).toBe('2026-02-28T16:00:00.000Z');
    at('2026-02-20T02:00:00.000Z'); // mid-holiday: five working days still ahead
    expect(await d(spring)).toMatchObject({ overdue: false, dueSoon: false });
  });
});
