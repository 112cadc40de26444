import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { bureau } from '#tests/helpers/bureau.ts';
import { createTestApp, describeEachDb, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';

const appeal = {
  title: '申请协调海关查验场地延长开放时间',
  type: 'logistics',
  content: '我司进出口货物集中在夜间到港，希望查验场地延长开放至 22 点，减少货物滞港时间。',
  contactName: '赵经理',
  contactPhone: '021-58881234',
  isPublic: false,
};

async function fileAppeal(t: TestApp, who: SignedUp, title = appeal.title): Promise<number> {
  const { body } = await t.call({ method: 'POST', url: '/api/appeal/save', payload: { ...appeal, title }, headers: who.headers });
  return body.data.id;
}

const page = (t: TestApp, who: SignedUp | null, query = '') => t.call({ method: 'GET', url: `/admin/user/messages/page${query}`, headers: who?.headers });

describeEachDb('站内消息与短信', (t) => {
  let a: SignedUp;
  let b: SignedUp;
  beforeAll(async () => {
    a = await signUpAndLogin(t(), { enterpriseName: '上海外高桥国际贸易有限公司' });
    b = await signUpAndLogin(t(), { enterpriseName: '上海洋山冷链物流有限公司' });
  });

  it('needs an account', async () => {
    expect((await page(t(), null)).status).toBe(401);
    const read = await t().call({ method: 'POST', url: '/admin/user/messages/read', payload: { ids: [1] } });
    expect(read.status).toBe(401);
  });

  it('tells the enterprise when its appeal is accepted, and sends an SMS to the filing account after commit', async () => {
    const id = await fileAppeal(t(), a);
    const before = (await page(t(), a)).body.data.unread;
    await bureau(t()).accept(id);
    await t().app.services.message.settled();

    const { status, body } = await page(t(), a);
    expect(status).toBe(200);
    expect(body.data.unread).toBe(before + 1);
    expect(body.data.records[0]).toMatchObject({
      title: `诉求“${appeal.title}”已受理`,
      content: expect.stringContaining('5 个工作日内办结'),
      link: `/user/appeal/${id}`,
      readAt: null,
    });
    // The contact phone is a landline: the SMS goes to the mobile of the account that filed it.
    const sms = await t().app.services.message.smsFor(`/user/appeal/${id}`);
    expect(sms).toEqual([
      expect.objectContaining({ phone: a.phone, template: 'appeal_accepted', status: 'sent', answer: expect.stringContaining('开发短信通道'), sentAt: expect.any(String) }),
    ]);
    expect(sms[0].content).toBe(`【某某综合保税区企业服务平台】您提交的诉求“${appeal.title}”已受理，我们将尽快办理，请登录平台查看进度。`);
    // Nothing reaches another enterprise.
    expect((await page(t(), b)).body.data.records.map((m: any) => m.link)).not.toContain(`/user/appeal/${id}`);
  });

  it('sends 不予受理 and 办结 with their reason and an SMS each', async () => {
    const rejected = await fileAppeal(t(), a, '申请减免仓储租金');
    await bureau(t()).reject(rejected, '该事项属于园区运营公司的商业安排，请与运营公司协商。');
    const replied = await fileAppeal(t(), a, '咨询跨境电商出口退货政策');
    await bureau(t()).accept(replied);
    await bureau(t()).reply(replied, '已请海关业务科联系贵司说明退货监管要求。');
    await t().app.services.message.settled();

    const { body } = await page(t(), a, '?pageSize=3');
    expect(body.data.records.map((m: any) => m.title)).toEqual(['诉求“咨询跨境电商出口退货政策”已办结', '诉求“咨询跨境电商出口退货政策”已受理', '诉求“申请减免仓储租金”不予受理']);
    expect(body.data.records[2].content).toContain('该事项属于园区运营公司的商业安排');
    expect((await t().app.services.message.smsFor(`/user/appeal/${rejected}`)).map((s) => s.template)).toEqual(['appeal_rejected']);
    expect((await t().app.services.message.smsFor(`/user/appeal/${replied}`)).map((s) => s.template)).toEqual(['appeal_resolved', 'appeal_accepted']);
  });

  it('pages newest first and counts unread over all pages', async () => {
    for (const title of ['第一条', '第二条', '第三条']) await bureau(t()).accept(await fileAppeal(t(), b, `分页测试诉求${title}`));
    const first = await page(t(), b, '?currentPage=1&pageSize=2');
    expect(first.body.data).toMatchObject({ total: 3, currentPage: 1, pageSize: 2, unread: 3 });
    expect(first.body.data.records.map((m: any) => m.title)).toEqual(['诉求“分页测试诉求第三条”已受理', '诉求“分页测试诉求第二条”已受理']);
    const second = await page(t(), b, '?currentPage=2&pageSize=2');
    expect(second.body.data.records.map((m: any) => m.title)).toEqual(['诉求“分页测试诉求第一条”已受理']);
    expect((await page(t(), b, '?pageSize=x')).status).toBe(400);
  });

  it("marks chosen messages read, ignores another enterprise's ids, then marks all read", async () => {
    await bureau(t()).accept(await fileAppeal(t(), a, '标记已读测试诉求'));
    const mine = (await page(t(), a)).body.data;
    const theirs = (await page(t(), b)).body.data.records[0].id;
    const target = mine.records.find((m: any) => m.readAt === null).id;

    const read = await t().call({ method: 'POST', url: '/admin/user/messages/read', payload: { ids: [target, theirs] }, headers: a.headers });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ updated: 1, unread: mine.unread - 1 });
    const again = await t().call({ method: 'POST', url: '/admin/user/messages/read', payload: { ids: [target] }, headers: a.headers });
    expect(again.body.data.updated).toBe(0);
    expect((await page(t(), b)).body.data.records.find((m: any) => m.id === theirs).readAt).toBeNull();
    expect((await page(t(), a)).body.data.records.find((m: any) => m.id === target).readAt).toEqual(expect.any(String));

    const all = await t().call({ method: 'POST', url: '/admin/user/messages/read-all', headers: a.headers });
    expect(all.body).toMatchObject({ code: 0, msg: '已全部标为已读', data: { unread: 0 } });
    expect((await page(t(), a)).body.data.unread).toBe(0);
    expect((await page(t(), b)).body.data.unread).toBeGreaterThan(0);
  });

  it('refuses an empty or malformed list of ids with a field message', async () => {
    for (const payload of [{ ids: [] }, { ids: ['abc'] }, {}]) {
      const res = await t().call({ method: 'POST', url: '/admin/user/messages/read', payload, headers: a.headers });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.data.fields).toHaveProperty(payload.ids?.length ? 'ids.0' : 'ids');
    }
  });
});

for (const kind of testDatabases) {
  describe(`短信网关不可用 [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // Port 9 (discard) is closed here: every try is refused at once.
      t = await createTestApp(kind, { SMS_DRIVER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/send' });
    });
    afterAll(async () => t?.close());

    it('keeps the step and its message, and records the failed SMS with the reason', async () => {
      const a = await signUpAndLogin(t);
      const id = await fileAppeal(t, a);
      await bureau(t).accept(id);
      await t.app.services.message.settled();
      expect((await t.call({ method: 'GET', url: `/admin/appeal?id=${id}`, headers: a.headers })).body.data.status).toBe('processing');
      expect((await page(t, a)).body.data.unread).toBe(1);
      const [sms] = await t.app.services.message.smsFor(`/user/appeal/${id}`);
      expect(sms).toMatchObject({ status: 'failed', answer: expect.stringMatching(/fetch failed|ECONNREFUSED/) });
    });
  });
}
