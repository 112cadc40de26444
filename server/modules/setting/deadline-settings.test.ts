import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_DEADLINES } from '#contract/deadline-settings.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const due = (from: string, days: number) => addWorkingDays(from, days).toISOString();

/**
 * 办理时限 as settings (docs/console.md "Declaration review", "公示": review due in 10 working days, objections in 5,
 * each a setting): the system administrator changes them, whole working days from 1 to 30, and the
 * declaration and 公示 steps taken afterwards count with the new figures.
 */
describeEachDb('管理后台 · 办理时限', (t) => {
  let admin: StaffSession;
  let reviewer: StaffSession;
  let ent: SignedUp;
  let objector: SignedUp;
  let projectId: number;
  let materialId: number;

  const get = (who: StaffSession) => t().call({ method: 'GET', url: '/console/api/setting/deadlines', headers: who.headers });
  const save = (who: StaffSession, payload: object) => t().call({ method: 'POST', url: '/console/api/setting/deadlines/save', headers: who.headers, payload });

  beforeAll(async () => {
    admin = await staffLogin(t(), 'sysadmin');
    reviewer = await staffLogin(t(), 'reviewer');
    ent = await signUpAndLogin(t(), { enterpriseName: '上海时限测试精密机械有限公司' });
    objector = await signUpAndLogin(t(), { enterpriseName: '上海时限测试异议人有限公司' });
    ({ id: projectId } = await t()
      .db.insertInto('declareProject')
      .values({
        name: '时限测试：保税研发设备补助',
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

  it('starts from docs/console.md’s figures, and only the system administrator reads or changes them', async () => {
    const res = await get(admin);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toEqual({ declareReviewDays: 10, declareResubmitDays: 5, objectionWindowDays: 5, objectionReplyDays: 5 });
    expect(res.body.data).toEqual(DEFAULT_DEADLINES);
    expect((await get(reviewer)).status).toBe(403);
    expect((await save(reviewer, DEFAULT_DEADLINES)).status).toBe(403);
  });

  it('takes whole working days from 1 to 30, and says which field is wrong', async () => {
    const res = await save(admin, { declareReviewDays: 0, declareResubmitDays: 31, objectionWindowDays: 2.5, objectionReplyDays: '五' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({
      declareReviewDays: '申报审核时限须为 1 至 30 个工作日',
      declareResubmitDays: '退回修改后重新提交期限须为 1 至 30 个工作日',
      objectionWindowDays: '公示异议期须为整数个工作日',
      objectionReplyDays: '请填写异议答复时限（工作日）',
    });
    expect((await get(admin)).body.data).toEqual(DEFAULT_DEADLINES);
  });

  it('counts the review, the resubmission, the objection period and the reply with the saved figures', async () => {
    const next = { declareReviewDays: 3, declareResubmitDays: 2, objectionWindowDays: 1, objectionReplyDays: 4 };
    const saved = await save(admin, next);
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body.data).toEqual(next);
    const audit = await t().db.selectFrom('auditLog').selectAll().where('action', '=', 'setting.deadlines.save').where('result', '=', 'ok').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ result: 'ok', objectType: 'setting' });

    // A declaration: due for review in 3 working days.
    const { payload, headers } = multipartFile('设备购置发票.pdf', SAMPLES.pdf());
    const file = (await t().call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...ent.headers } })).body.data;
    const uscc = (await t().db.selectFrom('enterprise').select('uscc').where('id', '=', ent.enterpriseId).executeTakeFirstOrThrow()).uscc;
    const form = {
      projectId,
      enterpriseName: '上海时限测试精密机械有限公司',
      uscc,
      legalPerson: '王立新',
      contactName: '陈敏',
      contactPhone: '13816880000',
      provinceCode: '310000',
      cityCode: '310100',
      countyCode: '310115',
      address: '上海市浦东新区富特西一路 88 号',
      content: '购置高精度三坐标测量仪一台，用于保税研发中心精密零部件检测。',
      amountApplied: 30,
      materials: [{ materialId, files: [file] }],
      submit: true,
    };
    const added = await t().call({ method: 'POST', url: '/uaa/api/customer/declare-ent/add', payload: form, headers: ent.headers });
    expect(added.status, added.body.msg).toBe(200);
    const id = added.body.data.id as number;
    const row = async () => t().db.selectFrom('declareEnt').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    let d = await row();
    expect(d.reviewDueAt).toBe(due(d.submittedAt!, 3));

    // Returned: resubmit within 2 working days; the message says until when.
    const review = (body: object) => t().call({ method: 'POST', url: '/console/api/declare-ent/review', payload: { id, ...body }, headers: reviewer.headers });
    expect((await review({ result: 'returned', note: '请补充发票原件扫描件。' })).status).toBe(200);
    d = await row();
    expect(d.resubmitDueAt).toBe(due(d.reviewedAt!, 2));
    const resubmitted = await t().call({ method: 'POST', url: '/uaa/api/customer/declare-ent/edit', payload: { ...form, id }, headers: ent.headers });
    expect(resubmitted.status, resubmitted.body.msg).toBe(200);
    d = await row();
    expect(d.reviewDueAt).toBe(due(d.submittedAt!, 3));
    expect((await review({ result: 'approved', amountApproved: 30 })).status).toBe(200);

    // The 公示 quotes the period, and its objections are taken for 1 working day, answered within 4.
    const generated = await t().call({ method: 'POST', url: '/console/api/proclamation/generate', payload: { projectId }, headers: reviewer.headers });
    expect(generated.status, generated.body.msg).toBe(200);
    const pid = generated.body.data.id as number;
    const detail = await t().call({ method: 'GET', url: `/console/api/proclamation/detail?id=${pid}`, headers: reviewer.headers });
    expect(detail.body.data.content).toContain('公示期为 1 个工作日');
    expect(detail.body.data.content).toContain('我们将在 4 个工作日内核查答复');
    expect((await t().call({ method: 'POST', url: '/console/api/proclamation/publish', payload: { id: pid }, headers: reviewer.headers })).status).toBe(200);
    const p = await t().db.selectFrom('proclamation').selectAll().where('id', '=', pid).executeTakeFirstOrThrow();
    expect(p.objectionEndAt).toBe(due(p.publishAt, 1));
    const objected = await t().call({
      method: 'POST',
      url: '/uaa/api/customer/declare/proclamation/objection',
      payload: { proclamationId: pid, reason: '该企业的研发设备尚未到货，请核实是否符合条件。' },
      headers: objector.headers,
    });
    expect(objected.status, objected.body.msg).toBe(200);
    const o = await t().db.selectFrom('proclamationObjection').selectAll().where('proclamationId', '=', pid).executeTakeFirstOrThrow();
    expect(o.dueAt).toBe(due(o.createdAt, 4));
    // The objector reads the same deadline.
    const own = await t().call({ method: 'GET', url: `/uaa/api/customer/declare/proclamation/objections?proclamationId=${pid}`, headers: objector.headers });
    expect(own.body.data[0]).toMatchObject({ status: 'received', dueAt: o.dueAt });

    // Back to the defaults for whoever runs next.
    expect((await save(admin, DEFAULT_DEADLINES)).status).toBe(200);
  });
});
