import { beforeAll, expect, it } from 'vitest';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { bureau, TEST_DISPATCHER } from '#tests/helpers/bureau.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const valid = {
  title: '申请协调保税仓库扩容用地',
  type: 'land',
  content: '我司业务量增长较快，现有保税仓库面积不足，希望协调区内闲置仓储用地约 5000 平方米。',
  contactName: '王经理',
  contactPhone: '13912345678',
  attachments: [] as { name: string; path: string }[],
  isPublic: true,
};

describeEachDb('企业诉求 API', (t) => {
  let a: SignedUp;
  let b: SignedUp;
  beforeAll(async () => {
    a = await signUpAndLogin(t(), { enterpriseName: '上海浦江精密制造有限公司' });
    b = await signUpAndLogin(t(), { enterpriseName: '上海临港物流有限公司' });
  });

  const save = (who: SignedUp | null, payload: object) =>
    t().call({ method: 'POST', url: '/api/appeal/save', payload, headers: who?.headers });
  const detail = (who: SignedUp | null, id: number | string) => t().call({ method: 'GET', url: `/admin/appeal?id=${id}`, headers: who?.headers });
  async function fileOf(who: SignedUp, name: string) {
    const { payload, headers } = multipartFile(name, SAMPLES.pdf());
    const res = await t().call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...who.headers } });
    return res.body.data as { name: string; path: string };
  }
  async function resolved(who: SignedUp, extra: object = {}) {
    const { body } = await save(who, { ...valid, ...extra });
    await bureau(t()).accept(body.data.id);
    await bureau(t()).reply(body.data.id, '经协调，已为贵司安排临港片区仓储用地，请与招商部对接。');
    return body.data.id;
  }

  it('needs an account to submit', async () => {
    const { status, body } = await save(null, valid);
    expect(status).toBe(401);
    expect(body.msg).toBe('请先登录后再操作');
  });

  it('checks every field with a Chinese message per field', async () => {
    const { status, body } = await save(a, { ...valid, title: ' ', content: '太短', contactPhone: '12345', type: 'unknown' });
    expect(status).toBe(400);
    expect(body.data.fields).toMatchObject({ title: '请填写诉求标题', content: expect.stringContaining('至少 10 个字'), contactPhone: '请输入正确的手机号或固定电话' });
    const wrongType = await save(a, { ...valid, type: 'unknown' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.data.fields).toEqual({ type: '请选择诉求类型' });
  });

  it('files an appeal as 待受理 with its deadline and a timeline entry', async () => {
    const file = await fileOf(a, '仓储现状照片说明.pdf');
    const { status, body } = await save(a, { ...valid, contactPhone: '021-58881234', attachments: [{ name: '改过的名字.pdf', path: file.path }] });
    expect(status).toBe(200);
    expect(body.msg).toMatch(/1 个工作日/);
    const d = await detail(a, body.data.id);
    expect(d.body.data).toMatchObject({
      status: 'pending',
      statusText: '待受理',
      typeText: '用地用房',
      mine: true,
      enterpriseName: '上海浦江精密制造有限公司',
      contactPhone: '021-58881234',
      attachments: [{ name: '仓储现状照片说明.pdf', path: file.path }],
      replyDeadlineAt: null,
      overdue: false,
      canEdit: true,
      canEvaluate: false,
    });
    expect(d.body.data.acceptDeadlineAt > d.body.data.createdAt).toBe(true);
    expect(d.body.data.timeline).toEqual([expect.objectContaining({ action: 'submitted', actionText: '提交诉求', actor: '测试联系人' })]);
  });

  it("refuses attachments that another enterprise uploaded, or that were never uploaded", async () => {
    const others = await fileOf(b, '乙方的合同.pdf');
    for (const path of [others.path, 'u/2026/11/AAAAAAAAAAAAAAAAAAAAAA', 'public/notice-guide.pdf', '../../etc/passwd']) {
      const { status, body } = await save(a, { ...valid, attachments: [{ name: 'x.pdf', path }] });
      expect(status, path).toBe(400);
      expect(body.data.fields.attachments).toMatch(/不是本企业上传的文件/);
    }
  });

  it('lists public appeals with masked names and the reply, never private or withdrawn ones', async () => {
    const pub = await resolved(a, { title: '公开诉求：跨境电商退货仓设立' });
    const priv = (await save(a, { ...valid, title: '不公开的诉求：融资对接', type: 'financing', isPublic: false })).body.data.id;
    const gone = (await save(a, { ...valid, title: '将要撤回的诉求' })).body.data.id;
    await t().call({ method: 'POST', url: '/admin/appeal/withdraw', payload: { id: gone }, headers: a.headers });

    const { body } = await t().call({ method: 'GET', url: '/admin/appeal?pageSize=100' });
    const ids = body.data.records.map((r: any) => r.id);
    expect(ids).toContain(pub);
    expect(ids).not.toContain(priv);
    expect(ids).not.toContain(gone);
    const item = body.data.records.find((r: any) => r.id === pub);
    expect(item).toMatchObject({ enterpriseName: '上海**制造有限公司', status: 'resolved', statusText: '已办结', reply: expect.stringContaining('仓储用地') });
    expect(item).not.toHaveProperty('contactPhone');

    const filtered = await t().call({ method: 'GET', url: '/admin/appeal?status=resolved&type=land&keyword=退货仓' });
    expect(filtered.body.data.records.map((r: any) => r.id)).toEqual([pub]);
    const bad = await t().call({ method: 'GET', url: '/admin/appeal?status=done' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.status).toBe('诉求状态有误');
  });

  it('shows a public appeal to anyone without contact or files, a private one only to its enterprise', async () => {
    const file = await fileOf(a, '材料.pdf');
    const pub = (await save(a, { ...valid, attachments: [file] })).body.data.id;
    const priv = (await save(a, { ...valid, isPublic: false })).body.data.id;

    const seen = await detail(null, pub);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ mine: false, enterpriseName: '上海**制造有限公司', contactName: null, contactPhone: null, attachments: [], canEdit: false });
    expect(seen.body.data.timeline[0].actor).toBe('申请企业');

    for (const who of [null, b]) {
      const res = await detail(who, priv);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('该诉求不存在或您无权查看');
    }
    expect((await detail(a, priv)).body.data.mine).toBe(true);
    for (const id of ['999999', 'abc', '-1']) expect((await detail(a, id)).status).toBe(404);
  });

  it('edits only its own appeal and only while 待受理', async () => {
    const pub = (await save(a, valid)).body.data.id;
    const priv = (await save(a, { ...valid, isPublic: false })).body.data.id;
    const update = (who: SignedUp, payload: object) => t().call({ method: 'POST', url: '/admin/appeal/update', payload, headers: who.headers });

    const okRes = await update(a, { ...valid, id: pub, title: '修改后的标题：仓储用地' });
    expect(okRes.status).toBe(200);
    const d = await detail(a, pub);
    expect(d.body.data.title).toBe('修改后的标题：仓储用地');
    expect(d.body.data.timeline.map((e: any) => e.action)).toEqual(['submitted', 'updated']);

    // Another enterprise: its public appeal is forbidden, its private one does not exist.
    expect((await update(b, { ...valid, id: pub })).status).toBe(403);
    expect((await update(b, { ...valid, id: priv })).status).toBe(404);
    expect((await update(b, { ...valid, id: 999999 })).status).toBe(404);

    await bureau(t()).accept(pub);
    const late = await update(a, { ...valid, id: pub });
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe('诉求已受理或已结束，不能再修改（当前状态：办理中）');
    expect((await detail(a, pub)).body.data.title).toBe('修改后的标题：仓储用地');
  });

  it('lets an edit keep the files the appeal already holds, but not add foreign ones', async () => {
    const id = (await save(a, valid)).body.data.id;
    const seeded = { name: '营业执照（副本）.pdf', path: 'public/demo-business-license.pdf' };
    await t().db.updateTable('appeal').set({ attachments: JSON.stringify([seeded]) }).where('id', '=', id).execute();
    const update = (attachments: object[]) => t().call({ method: 'POST', url: '/admin/appeal/update', payload: { ...valid, id, attachments }, headers: a.headers });
    expect((await update([seeded])).status).toBe(200);
    const foreign = await update([seeded, { name: 'x.pdf', path: 'public/demo-financial-report.pdf' }]);
    expect(foreign.status).toBe(400);
    expect((await update([])).status).toBe(200);
    expect((await detail(a, id)).body.data.attachments).toEqual([]);
  });

  it('asks an account without an enterprise to complete its profile first', async () => {
    const userId = (await t().db.insertInto('userAccount').values({ phone: '13700000001', passwordHash: null, nickName: '个人用户', enterpriseId: null, avatar: null, lockedUntil: null }).returning('id').executeTakeFirstOrThrow()).id;
    const session = await t().app.services.sessions.start({ id: userId, enterpriseId: null, nickName: '个人用户' });
    const headers = { cookie: `web_access_token=${session.access_token}`, origin: 'http://localhost' };
    const res = await t().call({ method: 'POST', url: '/api/appeal/save', payload: valid, headers });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('请先在用户中心完善企业信息，再办理企业业务');
    expect((await t().call({ method: 'GET', url: '/admin/appeal/en-pages', headers })).status).toBe(403);
  });

  it('withdraws only its own appeal while 待受理', async () => {
    const id = (await save(a, { ...valid, isPublic: false })).body.data.id;
    const withdraw = (who: SignedUp, payload: object) => t().call({ method: 'POST', url: '/admin/appeal/withdraw', payload, headers: who.headers });
    expect((await withdraw(b, { id })).status).toBe(404);
    const pub = (await save(a, valid)).body.data.id;
    expect((await withdraw(b, { id: pub })).status).toBe(403);
    expect((await withdraw(a, { id })).status).toBe(200);
    const d = await detail(a, id);
    expect(d.body.data).toMatchObject({ status: 'withdrawn', statusText: '已撤回', canEdit: false });
    expect((await withdraw(a, { id })).status).toBe(409);

    const accepted = (await save(a, valid)).body.data.id;
    await bureau(t()).accept(accepted);
    const res = await withdraw(a, { id: accepted });
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/不能撤回/);
  });

  it("lists the enterprise's own appeals by status, with deadlines and the overdue mark", async () => {
    const late = (await save(b, { ...valid, title: '逾期未受理的诉求', isPublic: false })).body.data.id;
    await t().db.updateTable('appeal').set({ acceptDeadlineAt: '2020-01-01T00:00:00.000Z' }).where('id', '=', late).execute();
    const { body } = await t().call({ method: 'GET', url: '/admin/appeal/en-pages?status=pending&pageSize=50', headers: b.headers });
    expect(body.data.records.every((r: any) => r.status === 'pending')).toBe(true);
    const row = body.data.records.find((r: any) => r.id === late);
    expect(row).toMatchObject({ overdue: true, canEdit: true, isPublic: false, enterpriseName: '上海临港物流有限公司' });
    const all = await t().call({ method: 'GET', url: '/admin/appeal/en-pages?pageSize=100', headers: b.headers });
    expect(all.body.data.records.some((r: any) => r.enterpriseName !== '上海临港物流有限公司')).toBe(false);
    expect((await t().call({ method: 'GET', url: '/admin/appeal/en-pages' })).status).toBe(401);
  });

  it('sets the reply deadline on acceptance and marks it overdue when passed', async () => {
    const id = (await save(a, valid)).body.data.id;
    await bureau(t()).accept(id);
    const d = (await detail(a, id)).body.data;
    expect(d.replyDeadlineAt > d.acceptedAt).toBe(true);
    expect(d.overdue).toBe(false);
    await t().db.updateTable('appeal').set({ replyDeadlineAt: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    expect((await detail(a, id)).body.data.overdue).toBe(true);
  });

  it('takes one evaluation after 已办结, from its own enterprise only', async () => {
    const evaluate = (who: SignedUp, payload: object) => t().call({ method: 'POST', url: '/admin/appeal/en-evaluate', payload, headers: who.headers });
    const pending = (await save(a, valid)).body.data.id;
    expect((await evaluate(a, { id: pending, level: 1 })).status).toBe(409);

    const id = await resolved(a);
    expect((await evaluate(b, { id, level: 1 })).status).toBe(403);
    const bad = await evaluate(a, { id, level: 6 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.level).toBe('评价等级须为 1 到 5');

    expect((await evaluate(a, { id, level: 2, comment: '答复及时' })).status).toBe(200);
    const d = (await detail(a, id)).body.data;
    expect(d).toMatchObject({ status: 'evaluated', statusText: '已评价', evaluation: { level: 2, levelText: '满意', comment: '答复及时' }, canEvaluate: false });
    const again = await evaluate(a, { id, level: 1 });
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/只能评价一次/);
  });

  it('reopens the appeal on 不满意 or worse, asking for the reason', async () => {
    const evaluate = (payload: object) => t().call({ method: 'POST', url: '/admin/appeal/en-evaluate', payload, headers: a.headers });
    const id = await resolved(a);
    const noReason = await evaluate({ id, level: 4 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields.comment).toBe('请说明不满意的原因，便于我们改进');

    expect((await evaluate({ id, level: 5, comment: '用地问题没有实际解决' })).status).toBe(200);
    const d = (await detail(a, id)).body.data;
    expect(d).toMatchObject({ status: 'processing', statusText: '办理中', evaluation: { level: 5, levelText: '非常不满意' } });
    expect(d.timeline.slice(-2).map((e: any) => [e.action, e.actor])).toEqual([
      ['evaluated', '测试联系人'],
      ['reopened', '企业服务局'],
    ]);
    expect(d.replyDeadlineAt > d.evaluation.evaluatedAt).toBe(true);
    // The reply goes through the 差评 follow-up; after its feedback the appeal may be evaluated again.
    await expect(bureau(t()).reply(id, '已协调园区平台公司提供过渡仓储。')).rejects.toMatchObject({ code: 409 });
    const [followUp] = await t().app.services.followUps.ofAppeal(id);
    await t().app.services.followUps.feedback(TEST_DISPATCHER, { id: followUp.id, feedback: '已协调园区平台公司提供过渡仓储。' });
    expect((await evaluate({ id, level: 3 })).status).toBe(200);
  });

  it('refuses the bureau transitions from the wrong state', async () => {
    const svc = bureau(t());
    const id = (await save(a, valid)).body.data.id;
    await expect(svc.reply(id, '答复')).rejects.toMatchObject({ code: 409 });
    await svc.reject(id, '该事项不属于本局职责范围，请向区市场监督管理局反映。');
    await expect(svc.accept(id)).rejects.toMatchObject({ code: 409 });
    const d = (await detail(a, id)).body.data;
    expect(d).toMatchObject({ status: 'rejected', statusText: '不予受理', rejectReason: expect.stringContaining('职责范围') });
  });

  it('purges cached pages when public appeals change, not for private ones', async () => {
    const before = await contentVersion(t().kv);
    await save(a, { ...valid, isPublic: false });
    expect(await contentVersion(t().kv)).toBe(before);
    await save(a, valid);
    expect(Number(await contentVersion(t().kv))).toBe(Number(before) + 1);
  });

  it('counts appeals, resolutions and satisfaction for the home figures', async () => {
    const s = await t().app.services.appeal.statistics();
    const rows = await t().db.selectFrom('appeal').select(['status', 'evaluationLevel']).execute();
    const live = rows.filter((r) => r.status !== 'withdrawn');
    const rated = live.filter((r) => r.evaluationLevel !== null);
    expect(s.appealCount).toBe(live.length);
    expect(s.appealResolvedCount).toBe(live.filter((r) => ['resolved', 'evaluated'].includes(r.status)).length);
    expect(rated.length).toBeGreaterThan(0);
    expect(s.satisfactionRate).toBe(Math.round((rated.filter((r) => r.evaluationLevel! <= 3).length / rated.length) * 1000) / 10);
  });
});
