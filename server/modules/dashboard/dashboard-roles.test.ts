import { beforeAll, expect, it } from 'vitest';
import { formatDate } from '#contract/format.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { createDepartment, createStaff, staffLogin, staffPasswordStep, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

interface Item {
  key: string;
  label: string;
  count: number;
  link: string;
  tone: string;
  note?: string;
}

/**
 * Each role's to-do list on its 工作台 (docs/console.md "Dashboard"): a publisher's 待审核, an
 * editor's 被退回, a handler's 待签收 with its limit, a payer's 待兑付 with its sum, an auditor's
 * failed sign-ins and denied actions of the day. Each figure is what its link's list shows.
 */
describeEachDb(
  '工作台 API：每个角色的待办',
  (t) => {
    let ent: SignedUp;
    const post = async (who: StaffSession, url: string, payload: object) => {
      const res = await t().call({ method: 'POST', url: `/console/api/${url}`, payload, headers: who.headers });
      expect(res.status, `${url}: ${res.body.msg}`).toBe(200);
      return res.body.data;
    };
    const figures = async (who: StaffSession): Promise<Record<string, Item>> => {
      const res = await t().call({ method: 'GET', url: '/console/api/dashboard', headers: who.headers });
      expect(res.status, res.body.msg).toBe(200);
      return Object.fromEntries((res.body.data.groups as { items: Item[] }[]).flatMap((g) => g.items.map((i) => [i.key, i])));
    };

    beforeAll(async () => {
      ent = await signUpAndLogin(t(), { enterpriseName: '上海外高桥待办测试有限公司' });
    });

    it('shows a publisher what waits for review, notices and policies, as their filtered lists count it', async () => {
      const editor = await staffLogin(t(), 'editor');
      const publisher = await staffLogin(t(), 'publisher');
      const before = await figures(publisher);
      const saved = await post(editor, 'notice/save', { title: '关于开展保税仓库消防检查的通知', content: '<p>请各企业做好自查。</p>', isTop: false });
      await post(editor, 'notice/submit', { id: saved.id });
      const after = await figures(publisher);
      expect(after['content.notice.pending']).toMatchObject({ label: '通知公告待审核', link: '/console/notice?status=pending_review', count: before['content.notice.pending'].count + 1 });
      expect(after['content.policy.pending'].label).toBe('重点政策待审核');
      expect(after['content.notice.pending'].count).toBe((await post(publisher, 'notice/pages', { status: 'pending_review', pageSize: 1 })).total);
      // Nobody else is asked to review.
      expect(Object.keys(await figures(editor)).filter((k) => k.endsWith('.pending'))).toEqual([]);
    });

    it('shows an editor what came back (被退回) until it is resubmitted', async () => {
      const editor = await staffLogin(t(), 'editor');
      const publisher = await staffLogin(t(), 'publisher');
      const before = (await figures(editor))['content.notice.returned'].count;
      const { id } = await post(editor, 'notice/save', { title: '关于调整报关窗口服务时间的通知', content: '<p>自下月起调整。</p>', isTop: false });
      await post(editor, 'notice/submit', { id });
      await post(publisher, 'notice/reject', { id, reason: '请补充调整的具体日期' });
      const item = (await figures(editor))['content.notice.returned'];
      expect(item).toMatchObject({ label: '通知公告被退回', link: '/console/notice?returned=true', tone: 'warning', count: before + 1 });
      const listed = await post(editor, 'notice/pages', { returned: true, pageSize: 50 });
      expect(listed.total).toBe(item.count);
      expect(listed.records.map((r: { id: number }) => r.id)).toContain(id);
      await post(editor, 'notice/submit', { id });
      expect((await figures(editor))['content.notice.returned'].count).toBe(before);
    });

    it('shows a handler 待签收 with its 1-working-day limit; signing takes it off', async () => {
      const dept = await createDepartment(t(), '待签收测试科');
      const dispatcher = await staffLogin(t(), 'dispatcher');
      const handler = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: dept }));
      const filed = await t().call({
        method: 'POST',
        url: '/api/appeal/save',
        headers: ent.headers,
        payload: { title: '夜间装卸作业许可协调', type: 'logistics', content: '我司冷链货物多在夜间到港，希望协调办理夜间作业许可。', contactName: '周经理', contactPhone: '13912340000', isPublic: false },
      });
      expect(filed.status, filed.body.msg).toBe(200);
      const id = filed.body.data.id as number;
      await post(dispatcher, 'appeal/accept', { id });
      await post(dispatcher, 'appeal/assign', { id, departmentId: dept });
      const item = (await figures(handler))['appeal.unsigned'];
      expect(item).toMatchObject({ label: '待签收', link: '/console/appeal?queue=unsigned', count: 1, note: '转办后 1 个工作日内签收' });
      expect((await post(handler, 'appeal/pages', { unsigned: true })).total).toBe(1);
      await post(handler, 'appeal/sign', { id });
      expect((await figures(handler))['appeal.unsigned'].count).toBe(0);
      // A dispatcher's 工作台 has its own queues, not the department's.
      expect((await figures(dispatcher))['appeal.unsigned']).toBeUndefined();
    });

    it('shows a payer 待兑付 with what it adds up to, as the rows it links to', async () => {
      const payer = await staffLogin(t(), 'payer');
      const item = (await figures(payer))['free.payable'];
      const rows = await t().db.selectFrom('freeDeclareEnt').select(['amount']).where('status', '=', 'confirmed').execute();
      expect(item).toMatchObject({ label: '待兑付', link: '/console/free-declare/rows?status=confirmed', count: rows.length });
      expect(item.note).toBe(`合计 ${rows.reduce((s, r) => s + Number(r.amount), 0) / 10_000} 万元`);
      expect((await post(payer, 'free-declare/pages', { status: 'confirmed', pageSize: 1 })).total).toBe(rows.length);
    });

    it('shows an auditor today’s failed sign-ins and denied actions, each opening the audit log of today', async () => {
      const auditor = await staffLogin(t(), 'auditor');
      const before = await figures(auditor);
      const someone = await createStaff(t(), { role: 'editor' });
      expect((await staffPasswordStep(t(), someone.loginName, 'Wrong#2026ab')).status).toBe(400);
      const editor = await staffLogin(t(), 'editor');
      expect((await t().call({ method: 'POST', url: '/console/api/audit/pages', payload: {}, headers: editor.headers })).status).toBe(403);
      const after = await figures(auditor);
      const today = formatDate(new Date());
      expect(after['audit.loginFailed']).toMatchObject({ label: '今日登录失败', link: `/console/audit?action=staff.login_failed&dateFrom=${today}&dateTo=${today}` });
      expect(after['audit.loginFailed'].count).toBe(before['audit.loginFailed'].count + 1);
      expect(after['audit.denied']).toMatchObject({ label: '今日越权访问', link: `/console/audit?result=denied&dateFrom=${today}&dateTo=${today}`, tone: 'danger' });
      expect(after['audit.denied'].count).toBeGreaterThanOrEqual(before['audit.denied'].count + 1);
    });
  },
  async (t) => seedDemo(t.db),
);
