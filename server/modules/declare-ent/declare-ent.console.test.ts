import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describeEachDb('申报审核（管理后台）', (t) => {
  let reviewer: StaffSession;
  let editor: StaffSession;
  let a: SignedUp;
  let b: SignedUp;
  let projectId: number;
  let materialId: number;

  beforeAll(async () => {
    reviewer = await staffLogin(t(), 'reviewer');
    editor = await staffLogin(t(), 'editor');
    a = await signUpAndLogin(t(), { enterpriseName: '上海审核甲方精密制造有限公司' });
    b = await signUpAndLogin(t(), { enterpriseName: '上海审核乙方供应链管理有限公司' });
    ({ id: projectId } = await t()
      .db.insertInto('declareProject')
      .values({
        name: '审核测试：保税研发设备补助',
        category: 'tech',
        department: '科技经济处',
        policyId: null,
        amountMin: null,
        amountMax: 400_000,
        applyStart: iso(Date.now() - 10 * DAY),
        applyEnd: iso(Date.now() + 10 * DAY),
        conditions: '<p>区内注册企业</p>',
        content: '<p>补助研发设备购置</p>',
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    ({ id: materialId } = await t().db.insertInto('declareMaterial').values({ projectId, name: '设备购置发票', required: 1, templateType: null }).returning('id').executeTakeFirstOrThrow());
  });

  async function upload(who: SignedUp, name: string, body: Buffer) {
    const { payload, headers } = multipartFile(name, body);
    return (await t().call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...who.headers } })).body.data as { name: string; path: string };
  }
  const uscc = async (who: SignedUp) => (await t().db.selectFrom('enterprise').select('uscc').where('id', '=', who.enterpriseId).executeTakeFirstOrThrow()).uscc;
  async function form(who: SignedUp, files: { name: string; path: string }[]) {
    return {
      projectId,
      enterpriseName: '测试企业',
      uscc: await uscc(who),
      legalPerson: '王立新',
      contactName: '陈敏',
      contactPhone: '13816880000',
      provinceCode: '310000',
      cityCode: '310100',
      countyCode: '310115',
      address: '上海市浦东新区富特西一路 88 号',
      content: '购置高精度三坐标测量仪一台、激光干涉仪两台，用于保税研发中心精密零部件检测。',
      amountApplied: 36,
      materials: [{ materialId, files }],
      submit: true,
    };
  }
  async function declare(who: SignedUp) {
    const pdf = await upload(who, '设备购置发票.pdf', SAMPLES.pdf());
    const res = await t().call({ method: 'POST', url: '/uaa/api/customer/declare-ent/add', payload: await form(who, [pdf]), headers: who.headers });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data.id as number;
  }
  const review = (who: StaffSession, payload: object) => t().call({ method: 'POST', url: '/console/api/declare-ent/review', payload, headers: who.headers });
  const detail = async (id: number) => (await t().call({ method: 'GET', url: `/console/api/declare-ent/detail?id=${id}`, headers: reviewer.headers })).body.data;
  const own = async (who: SignedUp, id: number) => (await t().call({ method: 'GET', url: `/uaa/api/customer/declare-ent/detail?id=${id}`, headers: who.headers })).body.data;
  const audits = (t: TestApp, action: string, id: number) => t.db.selectFrom('auditLog').selectAll().where('action', '=', action).where('objectId', '=', String(id)).execute();
  const messages = async (who: SignedUp) => (await t().call({ method: 'GET', url: '/admin/user/messages/page?pageSize=100', headers: who.headers })).body.data.records as any[];
  const closeWindow = () => t().db.updateTable('declareProject').set({ applyEnd: iso(Date.now() - DAY) }).where('id', '=', projectId).execute();
  const openWindow = () => t().db.updateTable('declareProject').set({ applyEnd: iso(Date.now() + 10 * DAY) }).where('id', '=', projectId).execute();

  it('returns, takes the resubmission after the window closed, approves — with timeline, messages, SMS and audit', async () => {
    await openWindow();
    const id = await declare(a);
    const queue = (await t().call({ method: 'POST', url: '/console/api/declare-ent/pages', payload: { projectId, status: 'submitted' }, headers: reviewer.headers })).body.data;
    expect(queue.records.map((r: any) => r.id)).toContain(id);
    const item = queue.records.find((r: any) => r.id === id);
    expect(item).toMatchObject({ enterpriseName: '上海审核甲方精密制造有限公司', amountApplied: 36, statusText: '待审核', overdue: false });
    // Ten working days from now: at least 12 calendar days ahead.
    expect(Date.parse(item.dueAt) - Date.now()).toBeGreaterThan(11 * DAY);
    // A keyword finds it by the registered enterprise's name; the total is exact under 10,000.
    const byName = (await t().call({ method: 'POST', url: '/console/api/declare-ent/pages', payload: { keyword: '审核甲方精密' }, headers: reviewer.headers })).body.data;
    expect(byName.records.map((r: any) => r.id)).toContain(id);
    expect(byName).toMatchObject({ total: byName.records.length, totalCapped: false });

    const returned = await review(reviewer, { id, result: 'returned', note: '发票金额与申请金额不一致，请补充设备采购合同。' });
    expect(returned.status, returned.body.msg).toBe(200);
    await closeWindow();
    let mine = await own(a, id);
    expect(mine).toMatchObject({ status: 'returned', canEdit: true, reviewNote: '发票金额与申请金额不一致，请补充设备采购合同。' });
    expect(Date.parse(mine.resubmitDueAt)).toBeGreaterThan(Date.now());

    // The project's window has closed; the returned declaration is still open for 5 working days.
    const contract = await upload(a, '设备采购合同.pdf', SAMPLES.pdf());
    const kept = mine.materials[0].files;
    const again = await t().call({ method: 'POST', url: '/uaa/api/customer/declare-ent/edit', payload: { ...(await form(a, [...kept, contract])), id, amountApplied: 32 }, headers: a.headers });
    expect(again.status, again.body.msg).toBe(200);
    // A new declaration for the closed project is still refused.
    expect((await t().call({ method: 'POST', url: '/uaa/api/customer/declare-ent/add', payload: await form(b, []), headers: b.headers })).status).toBe(409);

    const tooMuch = await review(reviewer, { id, result: 'approved', amountApproved: 33 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.data.fields.amountApproved).toBe('核定金额不能超过申请金额 32 万元');
    const approved = await review(reviewer, { id, result: 'approved', amountApproved: 30, note: '按发票金额核定' });
    expect(approved.status, approved.body.msg).toBe(200);
    await t().app.services.message.settled();

    mine = await own(a, id);
    expect(mine).toMatchObject({ status: 'approved', amountApproved: 30, canEdit: false, resubmitDueAt: null });
    expect(mine.timeline.map((e: any) => [e.action, e.actor])).toEqual([
      ['submitted', '申请企业'],
      ['returned', '企业服务局'],
      ['resubmitted', '申请企业'],
      ['approved', '企业服务局'],
    ]);
    expect(mine.timeline[3].note).toBe('核定金额 30 万元。按发票金额核定');
    expect(JSON.stringify(mine)).not.toContain(reviewer.staff.name);

    const d = await detail(id);
    expect(d.timeline.filter((e: any) => e.staffName === reviewer.staff.name)).toHaveLength(2);
    expect(d.sms.map((s: any) => [s.template, s.status])).toEqual([
      ['declare_reviewed', 'sent'],
      ['declare_returned', 'sent'],
    ]);
    expect(d).toMatchObject({ canReview: false, amountApproved: 30, project: { amountMax: 40 } });
    const inbox = (await messages(a)).filter((m) => m.link === `/free-apply/components/apply-form?id=${id}`);
    expect(inbox.map((m) => m.title)).toEqual(['申报“审核测试：保税研发设备补助”审核结果', '申报“审核测试：保税研发设备补助”已退回修改']);
    expect(inbox[1].content).toMatch(/前按审核意见修改后重新提交/);
    expect((await audits(t(), 'declare-ent.review', id)).map((r) => r.result).sort()).toEqual(['failed', 'ok', 'ok']);
  });

  it('refuses with a note, keeps the cap, and answers 409 for every wrong state', async () => {
    await openWindow();
    const id = await declare(b);
    for (const [payload, field] of [
      [{ id, result: 'returned' }, 'note'],
      [{ id, result: 'refused', note: '  ' }, 'note'],
      [{ id, result: 'approved' }, 'amountApproved'],
      [{ id, result: 'approved', amountApproved: 0 }, 'amountApproved'],
      [{ id, result: 'passed' }, 'result'],
    ] as const) {
      const res = await review(reviewer, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.body.data.fields)).toContain(field);
    }
    // The project's cap is 40 万元; the amount asked (36) is under it, so the cap check needs a larger ask.
    await t().db.updateTable('declareEnt').set({ amountApplied: 450_000 }).where('id', '=', id).execute();
    const cap = await review(reviewer, { id, result: 'approved', amountApproved: 41 });
    expect(cap.body.data.fields.amountApproved).toBe('核定金额不能超过该项目上限 40 万元');

    expect((await review(reviewer, { id, result: 'refused', note: '研发设备不在保税研发目录内。' })).status).toBe(200);
    for (const result of ['approved', 'returned', 'refused']) {
      const res = await review(reviewer, { id, result, note: '再审', amountApproved: 1 });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('只有待审核的申报可以审核（当前状态：不予通过）');
    }
    expect((await own(b, id)).timeline.at(-1)).toMatchObject({ action: 'refused', actionText: '不予通过', note: '研发设备不在保税研发目录内。' });
    expect((await review(reviewer, { id: 999999, result: 'refused', note: '无' })).status).toBe(404);
  });

  it('refuses what a role may not do (403, audited as denied), and enterprise tokens', async () => {
    await openWindow();
    const id = await declare(await signUpAndLogin(t(), { enterpriseName: '上海权限测试贸易有限公司' }));
    const denied = await review(editor, { id, result: 'approved', amountApproved: 1 });
    expect(denied.status).toBe(403);
    expect((await audits(t(), 'declare-ent.review', id)).some((r) => r.result === 'denied')).toBe(true);
    for (const url of ['/console/api/declare-ent/projects', `/console/api/declare-ent/detail?id=${id}`, `/console/api/declare-ent/export?projectId=${projectId}`]) {
      expect((await t().call({ method: 'GET', url, headers: editor.headers })).status, url).toBe(403);
    }
    expect((await t().call({ method: 'POST', url: '/console/api/declare-ent/pages', payload: {}, headers: editor.headers })).status).toBe(403);
    expect((await t().call({ method: 'POST', url: '/console/api/declare-ent/review', payload: { id, result: 'refused', note: '无' }, headers: a.headers })).status).toBe(401);
  });

  it('says the queue’s new total on the very next call after a declaration and a review', async () => {
    await openWindow();
    const c = await signUpAndLogin(t(), { enterpriseName: '上海队列总数测试贸易有限公司' });
    const waiting = async () => (await t().call({ method: 'POST', url: '/console/api/declare-ent/pages', payload: { projectId, status: 'submitted' }, headers: reviewer.headers })).body.data.total as number;
    const before = await waiting();
    expect(await waiting()).toBe(before);
    const id = await declare(c);
    expect(await waiting()).toBe(before + 1);
    expect((await review(reviewer, { id, result: 'refused', note: '不符合申报条件' })).status).toBe(200);
    expect(await waiting()).toBe(before);
  });

  it('changes state once on a double click', async () => {
    await openWindow();
    const c = await signUpAndLogin(t(), { enterpriseName: '上海双击测试物流有限公司' });
    const id = await declare(c);
    const results = await Promise.all([review(reviewer, { id, result: 'approved', amountApproved: 20 }), review(reviewer, { id, result: 'returned', note: '请补充' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await detail(id)).timeline.filter((e: any) => e.actor === '企业服务局')).toHaveLength(1);
    expect(await t().app.services.message.smsFor(`/free-apply/components/apply-form?id=${id}`)).toHaveLength(1);
    expect((await messages(c)).filter((m) => m.link === `/free-apply/components/apply-form?id=${id}`)).toHaveLength(1);
  });

  it('shows PDF and images in the browser, downloads other files, and only files of the declaration', async () => {
    await openWindow();
    const c = await signUpAndLogin(t(), { enterpriseName: '上海材料查看测试有限公司' });
    const pdf = await upload(c, '发票.pdf', SAMPLES.pdf());
    const png = await upload(c, '设备照片.png', SAMPLES.png());
    const zip = await upload(c, '图纸.zip', SAMPLES.zip());
    const res = await t().call({ method: 'POST', url: '/uaa/api/customer/declare-ent/add', payload: await form(c, [pdf, png, zip]), headers: c.headers });
    const id = res.body.data.id;
    const file = (path: string, who = reviewer) => t().app.inject({ method: 'GET', url: `/console/api/declare-ent/file?id=${id}&path=${encodeURIComponent(path)}`, headers: who.headers });
    const p = await file(pdf.path);
    expect(p.statusCode).toBe(200);
    expect(p.headers['content-type']).toBe('application/pdf');
    expect(p.headers['content-disposition']).toMatch(/^inline; .*filename\*=UTF-8''%E5%8F%91%E7%A5%A8\.pdf$/);
    expect((await file(png.path)).headers['content-disposition']).toMatch(/^inline;/);
    expect((await file(zip.path)).headers['content-disposition']).toMatch(/^attachment;/);
    // A file of another declaration, even a real one, is not reachable through this one.
    const other = await upload(a, '别家的文件.pdf', SAMPLES.pdf());
    expect((await file(other.path)).statusCode).toBe(404);
    expect((await file(pdf.path, editor)).statusCode).toBe(403);
  });

  it('lists projects with what waits and exports a project as XLSX', async () => {
    const projects = (await t().call({ method: 'GET', url: '/console/api/declare-ent/projects', headers: reviewer.headers })).body.data;
    const mine = projects.find((p: any) => p.id === projectId);
    const waiting = await t().db.selectFrom('declareEnt').select(['reviewDueAt']).where('projectId', '=', projectId).where('status', '=', 'submitted').execute();
    const overdue = waiting.filter((d) => d.reviewDueAt! < new Date().toISOString()).length;
    expect(mine).toMatchObject({ name: '审核测试：保税研发设备补助', amountMax: 40, submitted: waiting.length, overdue });
    const sent = await t().db.selectFrom('declareEnt').select('status').where('projectId', '=', projectId).where('status', '<>', 'draft').execute();
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.filter((d) => d.status === 'approved').length).toBeGreaterThanOrEqual(1);

    const res = await t().app.inject({ method: 'GET', url: `/console/api/declare-ent/export?projectId=${projectId}`, headers: reviewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('审核测试：保税研发设备补助-申报汇总.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('申报汇总')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('企业名称');
    expect(sheet.rowCount - 1).toBe(sent.length);
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const approved = rows.find((r) => r[2] === '上海审核甲方精密制造有限公司')!;
    expect(approved.slice(6, 9)).toEqual([32, 30, '审核通过']);
    expect((await t().db.selectFrom('auditLog').select('result').where('action', '=', 'declare-ent.export').execute()).map((r) => r.result)).toContain('ok');
  });
});
