import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MALFORMED_UPLOAD_MESSAGE } from '#server/platform/http/errors.ts';
import { brokenMultipartBodies, multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { createStaff, staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { createTestApp, describeEachDb, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';

type Headers = Record<string, string>;
const post = (t: TestApp, url: string, s: StaffSession | Headers, payload: object) =>
  t.call({ method: 'POST', url: `/console/api/${url}`, headers: ('headers' in s ? s.headers : s) as Headers, payload });
const publicNotices = async (t: TestApp, keyword: string) =>
  (await t.call({ method: 'POST', url: '/api/notice/pages', payload: { currentPage: 1, pageSize: 10, keyword } })).body.data.records.map((r: { title: string }) => r.title);
const publicPolicies = async (t: TestApp, keyword: string) =>
  (await t.call({ method: 'GET', url: `/api/po/policy/list?currentPage=1&pageSize=10&keyword=${encodeURIComponent(keyword)}` })).body.data.records.map((r: { title: string }) => r.title);

let n = 0;
const unique = (what: string) => `${what}${process.pid}-${++n}`;
const notice = (title: string, extra: object = {}) => ({ title, content: '<p>关于开展2026年度企业服务月活动的通知。</p>', summary: '服务月', isTop: false, ...extra });

/** An editor's draft submitted for review; answers its id. */
async function submitted(t: TestApp, editor: StaffSession, title: string, extra: object = {}): Promise<number> {
  const saved = await post(t, 'notice/save', editor, notice(title, extra));
  expect(saved.status).toBe(200);
  expect((await post(t, 'notice/submit', editor, { id: saved.body.data.id })).status).toBe(200);
  return saved.body.data.id;
}

describeEachDb('先审后发：通知公告与重点政策', (t) => {
  afterEach(() => vi.useRealTimers());

  it('takes a notice from draft through review to the public list, and offline again', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const title = unique('服务月通知');

    const saved = await post(t(), 'notice/save', editor, notice(title));
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('草稿已保存');
    const id = saved.body.data.id;
    const list = await post(t(), 'notice/pages', editor, { currentPage: 1, pageSize: 10, status: 'draft', keyword: title });
    expect(list.body.data.records).toEqual([expect.objectContaining({ id, title, status: 'draft', statusText: '草稿', publishAt: null, updatedByName: editor.staff.name })]);
    expect(list.body.data).toMatchObject({ total: 1, totalCapped: false });
    expect(await publicNotices(t(), title)).toEqual([]);

    expect((await post(t(), 'notice/submit', editor, { id })).body.data).toEqual({ id });
    const published = await post(t(), 'notice/publish', publisher, { id });
    expect(published.status).toBe(200);
    expect(published.body.msg).toBe('已发布');
    expect(await publicNotices(t(), title)).toEqual([title]);
    const detail = await t().call({ method: 'GET', url: `/api/notice/detail?id=${id}` });
    expect(detail.body.data.content).toBe('<p>关于开展2026年度企业服务月活动的通知。</p>');

    const offline = await post(t(), 'notice/offline', publisher, { id, reason: '活动已结束' });
    expect(offline.status).toBe(200);
    expect(await publicNotices(t(), title)).toEqual([]);
    expect((await t().call({ method: 'GET', url: `/api/notice/detail?id=${id}` })).status).toBe(404);
    const row = (await t().call({ method: 'GET', url: `/console/api/notice/detail?id=${id}`, headers: editor.headers })).body.data;
    expect(row).toMatchObject({ status: 'offline', offlineReason: '活动已结束', createdByName: editor.staff.name, reviewedByName: publisher.staff.name });

    // An offline notice may be corrected and goes through review again.
    const edited = await post(t(), 'notice/save', editor, notice(`${title}（更正）`, { id }));
    expect(edited.status).toBe(200);
    const again = (await t().call({ method: 'GET', url: `/console/api/notice/detail?id=${id}`, headers: editor.headers })).body.data;
    expect(again).toMatchObject({ status: 'draft', offlineReason: null, title: `${title}（更正）` });
  });

  it('sends a notice back with a reason, which the editor sees on the draft', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const id = await submitted(t(), editor, unique('待退回'));
    const noReason = await post(t(), 'notice/reject', publisher, { id, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields).toEqual({ reason: '请填写退回修改的理由' });
    expect((await post(t(), 'notice/reject', publisher, { id, reason: '请补充活动报名方式' })).status).toBe(200);
    const draft = (await t().call({ method: 'GET', url: `/console/api/notice/detail?id=${id}`, headers: editor.headers })).body.data;
    expect(draft).toMatchObject({ status: 'draft', rejectReason: '请补充活动报名方式', mayPublish: false });
    // Submitting again clears the reason.
    expect((await post(t(), 'notice/submit', editor, { id })).status).toBe(200);
    const pending = (await t().call({ method: 'GET', url: `/console/api/notice/detail?id=${id}`, headers: publisher.headers })).body.data;
    expect(pending).toMatchObject({ status: 'pending_review', rejectReason: null, mayPublish: true });
  });

  it('refuses every state change that does not fit, with a sentence naming the state (409)', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const id = await submitted(t(), editor, unique('状态'));
    const locked = await post(t(), 'notice/save', editor, notice('改一下', { id }));
    expect(locked.status).toBe(409);
    expect(locked.body.msg).toMatch(/^该通知公告当前为“待审核”，不能修改/);
    expect((await post(t(), 'notice/submit', editor, { id })).status).toBe(409);
    expect((await post(t(), 'notice/offline', publisher, { id, reason: '不需要了' })).body.msg).toBe('该通知公告当前为“待审核”，不能下线，请刷新后查看最新状态');
    await post(t(), 'notice/publish', publisher, { id });
    const twice = await post(t(), 'notice/publish', publisher, { id });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('该通知公告当前为“已发布”，不能发布，请刷新后查看最新状态');
    expect((await post(t(), 'notice/reject', publisher, { id, reason: '晚了' })).status).toBe(409);
    expect((await post(t(), 'notice/publish', publisher, { id: 99999999 })).status).toBe(404);
  });

  it('changes the state once when a publisher double-clicks', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const id = await submitted(t(), editor, unique('双击'));
    const results = await Promise.all([post(t(), 'notice/publish', publisher, { id }), post(t(), 'notice/publish', publisher, { id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t().db.selectFrom('auditLog').select(['result']).where('action', '=', 'notice.publish').where('objectId', '=', String(id)).execute();
    expect(rows.map((r) => r.result).sort()).toEqual(['failed', 'ok']);
  });

  it('lets nobody publish what they drafted or changed, whatever roles they hold', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const role = await post(t(), 'role/save', admin, { code: `clerk${n}`, name: `公告专员${n}`, permissions: ['content:notice:edit', 'content:notice:publish'] });
    expect(role.status).toBe(200);
    const clerk = await staffLogin(t(), await createStaff(t(), { role: `clerk${n}` }));
    const id = await submitted(t(), clerk, unique('自己写的'));
    const own = await post(t(), 'notice/publish', clerk, { id });
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe('不能发布自己起草或修改的通知公告，请由其他审核人员发布');
    expect((await t().call({ method: 'GET', url: `/console/api/notice/detail?id=${id}`, headers: clerk.headers })).body.data.mayPublish).toBe(false);
    const other = await staffLogin(t(), 'publisher');
    expect((await post(t(), 'notice/publish', other, { id })).status).toBe(200);
  });

  it('gives each role only its own calls (403), and nothing to system and audit staff', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const id = await submitted(t(), editor, unique('权限'));
    expect((await post(t(), 'notice/publish', editor, { id })).status).toBe(403);
    expect((await post(t(), 'notice/reject', editor, { id, reason: 'x' })).status).toBe(403);
    expect((await post(t(), 'notice/save', publisher, notice('审核员不写稿'))).status).toBe(403);
    expect((await post(t(), 'notice/submit', publisher, { id })).status).toBe(403);
    for (const role of ['sysadmin', 'auditor', 'dispatcher', 'reviewer'] as const) {
      const s = await staffLogin(t(), role);
      const res = await post(t(), 'notice/pages', s, { currentPage: 1, pageSize: 10 });
      expect(res.status, role).toBe(403);
      expect(res.body.msg).toBe('对不起，您没有权限访问');
      expect((await t().call({ method: 'GET', url: `/console/api/policy/detail?id=${id}`, headers: s.headers })).status, role).toBe(403);
    }
    // Without a staff session, and with an enterprise's bearer token on the cookie's place.
    expect((await t().call({ method: 'POST', url: '/console/api/notice/pages', payload: { currentPage: 1, pageSize: 10 } })).status).toBe(401);
    const denied = await t().db.selectFrom('auditLog').select(['action', 'result']).where('staffId', '=', editor.staff.id).where('result', '=', 'denied').execute();
    expect(denied).toEqual(expect.arrayContaining([{ action: 'notice.publish', result: 'denied' }]));
  });

  it('answers bad input field by field (400) and keeps only what the sanitiser allows', async () => {
    const editor = await staffLogin(t(), 'editor');
    const bad = await post(t(), 'notice/save', editor, { title: ' ', content: '<p> </p><p>&nbsp;</p>', scheduleAt: '明天', isTop: false });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ title: '请填写标题', content: '请填写正文', scheduleAt: '定时发布时间格式有误' });
    const badPolicy = await post(t(), 'policy/save', editor, {
      title: '政策',
      content: '<p>正文</p>',
      issuer: '',
      level: 'municipal',
      category: 'finance',
      effectiveFrom: '2026-12-31',
      effectiveTo: '2026-01-01',
    });
    expect(badPolicy.status).toBe(400);
    expect(badPolicy.body.data.fields).toEqual({ issuer: '请填写发文机关' });
    const reversed = await post(t(), 'policy/save', editor, { title: '政策', content: '<p>正文</p>', issuer: '管委会', level: 'district', category: 'finance', effectiveFrom: '2026-12-31', effectiveTo: '2026-01-01' });
    expect(reversed.body.data.fields).toEqual({ effectiveTo: '失效日期不能早于生效日期' });

    const saved = await post(t(), 'notice/save', editor, notice(unique('净化'), { content: '<p onclick="steal()">正文<script>alert(1)</script></p><img src="x" onerror="steal()">' }));
    const row = (await t().call({ method: 'GET', url: `/console/api/notice/detail?id=${saved.body.data.id}`, headers: editor.headers })).body.data;
    expect(row.content).toBe('<p>正文</p><img src="x" />');
  });

  it('publishes a scheduled notice at its time, not before', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const title = unique('定时');
    const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const id = await submitted(t(), editor, title, { scheduleAt: at });
    const res = await post(t(), 'notice/publish', publisher, { id });
    expect(res.body).toMatchObject({ msg: '已审核通过，将在定时发布时间公开', data: { id, publishAt: at } });
    expect(await publicNotices(t(), title)).toEqual([]);
    vi.setSystemTime(Date.parse(at) + 60_000);
    expect(await publicNotices(t(), title)).toEqual([title]);
  });

  it('takes policies through the same review, with their own fields', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const title = unique('扶持政策');
    const saved = await post(t(), 'policy/save', editor, {
      title,
      docNo: '综保〔2026〕3号',
      issuer: '综合保税区管理委员会',
      level: 'district',
      category: 'finance',
      effectiveFrom: '2026-01-01',
      effectiveTo: '2026-12-31',
      content: '<p>对新引进企业给予资金扶持。</p>',
      interpretation: '',
    });
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;
    expect((await post(t(), 'policy/submit', editor, { id })).status).toBe(200);
    expect((await post(t(), 'policy/publish', publisher, { id })).status).toBe(200);
    expect(await publicPolicies(t(), title)).toEqual([title]);
    const pub = (await t().call({ method: 'GET', url: `/api/po/policy?id=${id}` })).body.data;
    expect(pub).toMatchObject({ docNo: '综保〔2026〕3号', effectiveFrom: '2025-12-31T16:00:00.000Z', effectiveTo: '2026-12-31T15:59:59.999Z', interpretation: null });
    const edit = (await t().call({ method: 'GET', url: `/console/api/policy/detail?id=${id}`, headers: editor.headers })).body.data;
    expect(edit).toMatchObject({ effectiveFrom: '2026-01-01', effectiveTo: '2026-12-31', status: 'published' });
    expect((await post(t(), 'policy/offline', publisher, { id, reason: '政策已废止' })).status).toBe(200);
    expect(await publicPolicies(t(), title)).toEqual([]);
  });

  it('answers a console upload that is not well-formed multipart with a 400 in Chinese', async () => {
    const editor = await staffLogin(t(), 'editor');
    for (const broken of brokenMultipartBodies('报名表.pdf', SAMPLES.pdf())) {
      const res = await t().call({ method: 'POST', url: '/console/api/files/upload', headers: { ...editor.headers, ...broken.headers }, payload: broken.payload });
      expect(res.status, broken.what).toBe(400);
      expect(res.body, broken.what).toEqual({ code: 400, msg: MALFORMED_UPLOAD_MESSAGE, data: null });
    }
  });

  it('attaches only files uploaded in the console, and the public can download them once published', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const file = multipartFile('报名表.pdf', SAMPLES.pdf());
    const up = await t().call({ method: 'POST', url: '/console/api/files/upload', headers: { ...editor.headers, ...file.headers }, payload: file.payload });
    expect(up.status).toBe(200);
    expect(up.body.data.name).toBe('报名表.pdf');

    const forged = await post(t(), 'notice/save', editor, notice(unique('附件'), { attachments: [{ name: '别人的.pdf', path: 'u/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }] }));
    expect(forged.status).toBe(400);
    expect(forged.body.data.fields.attachments).toBe('附件“别人的.pdf”不是在管理后台上传的文件，请重新上传');

    const title = unique('附件');
    const id = await submitted(t(), editor, title, { attachments: [{ name: '改过的名字.pdf', path: up.body.data.path }] });
    await post(t(), 'notice/publish', publisher, { id });
    const shown = (await t().call({ method: 'GET', url: `/api/notice/detail?id=${id}` })).body.data;
    expect(shown.attachments).toEqual([{ name: '报名表.pdf', path: up.body.data.path }]);
    const download = await t().app.inject({ method: 'GET', url: `/uaa/api/download/file?filePath=${encodeURIComponent(up.body.data.path)}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');

    const publisherUpload = await t().call({ method: 'POST', url: '/console/api/files/upload', headers: { ...publisher.headers, ...file.headers }, payload: file.payload });
    expect(publisherUpload.status).toBe(403);
  });
});

/** With the page cache on, the public pages show a publish and an offline at once (built pages needed). */
for (const kind of testDatabases) {
  describe(`先审后发与页面缓存 [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { ENABLE_CACHE: '1' }, { pages: true });
    });
    afterAll(async () => t?.close());
    const page = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      return { html: res.body, cache: res.headers['x-cache'] };
    };

    it('shows a published notice and policy on the cached lists at once, and drops them when taken offline', async () => {
      const editor = await staffLogin(t, 'editor');
      const publisher = await staffLogin(t, 'publisher');
      await page('/notice');
      expect((await page('/notice')).cache).toBe('HIT');
      await page('/important-policy');

      const title = unique('缓存中的通知');
      const id = await submitted(t, editor, title);
      expect((await page('/notice')).html).not.toContain(title); // a draft under review changes nothing public
      await post(t, 'notice/publish', publisher, { id });
      expect((await page('/notice')).html).toContain(title);
      expect((await page(`/notice/detail?id=${id}`)).html).toContain(title);

      const policyTitle = unique('缓存中的政策');
      const saved = await post(t, 'policy/save', editor, { title: policyTitle, content: '<p>正文</p>', issuer: '管委会', level: 'district', category: 'finance' });
      await post(t, 'policy/submit', editor, { id: saved.body.data.id });
      await post(t, 'policy/publish', publisher, { id: saved.body.data.id });
      expect((await page('/important-policy')).html).toContain(policyTitle);

      await post(t, 'notice/offline', publisher, { id, reason: '已过期' });
      expect((await page('/notice')).html).not.toContain(title);
      await post(t, 'policy/offline', publisher, { id: saved.body.data.id, reason: '已废止' });
      expect((await page('/important-policy')).html).not.toContain(policyTitle);
    });
  });
}
