import { beforeAll, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '#server/db/seed/demo.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const PAST = '2020-01-01T00:00:00.000Z';

/**
 * The 工作台 of a reviewer (docs/console.md "Dashboard"): declarations waiting for review, objections
 * waiting for an answer and 信息有误 corrections waiting, each with its 超期 part, each count the
 * same as the list it links to. On the demo data, with one of each made overdue.
 */
describeEachDb(
  '工作台 API：申报、异议与信息有误',
  (t) => {
    let demo: SignedUp;
    let objector: SignedUp;
    let reviewer: StaffSession;

    const dashboard = async (who: StaffSession) => {
      const res = await t().call({ method: 'GET', url: '/console/api/dashboard', headers: who.headers });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data.groups as { title: string; items: { key: string; label: string; count: number; link: string; tone: string }[] }[];
    };
    const total = async (url: string, payload: object) => {
      const res = await t().call({ method: 'POST', url: `/console/api/${url}`, payload: { pageSize: 1, ...payload }, headers: reviewer.headers });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data.total as number;
    };

    beforeAll(async () => {
      demo = await signUpAndLogin(t(), { uscc: DEMO_ENTERPRISE.uscc, enterpriseName: DEMO_ENTERPRISE.name });
      objector = await signUpAndLogin(t(), { enterpriseName: '上海工作台异议测试有限公司' });
      reviewer = await staffLogin(t(), 'reviewer');

      // Two objections to the 公示 still in its objection period; one past its reply deadline.
      const open = (await t().call({ method: 'GET', url: '/uaa/api/ua/declare/proclamation/page?pageSize=10' })).body.data.records.find((p: any) => p.objectionOpen);
      for (const reason of ['名单中某企业的研发投入比例未达到申报条件，请核实。', '名单中某企业注册地不在区内，请核实其经营地址。']) {
        const res = await t().call({ method: 'POST', url: '/uaa/api/customer/declare/proclamation/objection', payload: { proclamationId: open.id, reason }, headers: objector.headers });
        expect(res.status, res.body.msg).toBe(200);
      }
      const [late] = await t().db.selectFrom('proclamationObjection').select('id').orderBy('id').limit(1).execute();
      await t().db.updateTable('proclamationObjection').set({ dueAt: PAST }).where('id', '=', late.id).execute();

      // 信息有误 on both rows waiting for the demo enterprise's confirmation; one overdue.
      const rows = (await t().call({ method: 'POST', url: '/api/free/declare/pages', payload: { status: 'pending_confirm' }, headers: demo.headers })).body.data.records;
      for (const row of rows) {
        const res = await t().call({ method: 'POST', url: '/admin/freeDeclareEnt/correction', payload: { freeDeclareEntId: row.id, content: '参保职工人数有误，应以社保缴费明细为准。' }, headers: demo.headers });
        expect(res.status, res.body.msg).toBe(200);
      }
      const [lateCorrection] = await t().db.selectFrom('freeDeclareCorrection').select('id').orderBy('id').limit(1).execute();
      await t().db.updateTable('freeDeclareCorrection').set({ dueAt: PAST }).where('id', '=', lateCorrection.id).execute();

      // The demo declaration under review, past its 10 working days.
      await t().db.updateTable('declareEnt').set({ reviewDueAt: PAST }).where('status', '=', 'submitted').execute();
    });

    it('shows a reviewer what waits for review and for an answer, each count matching its list', async () => {
      const groups = await dashboard(reviewer);
      expect(groups.map((g) => g.title)).toEqual(['申报审核', '公示异议', '免申即享']);
      expect(groups.flatMap((g) => g.items.map((i) => [i.key, i.label, i.link, i.tone]))).toEqual([
        ['declare.submitted', '申报待审核', '/console/declare', 'normal'],
        ['declare.overdue', '审核超期', '/console/declare?queue=overdue', 'danger'],
        ['proclamation.windowOver', '期满待结束的公示', '/console/proclamation?windowOver=true', 'warning'],
        ['objection.received', '异议待答复', '/console/proclamation?tab=objections', 'normal'],
        ['objection.overdue', '答复超期', '/console/proclamation?tab=objections', 'danger'],
        ['correction.received', '信息有误待答复', '/console/free-declare/corrections?status=received', 'normal'],
        ['correction.overdue', '答复超期', '/console/free-declare/corrections?overdue=true', 'danger'],
      ]);
      const c = Object.fromEntries(groups.flatMap((g) => g.items.map((i) => [i.key, i.count])));
      expect(c).toEqual({
        'declare.submitted': 1,
        'declare.overdue': 1,
        'proclamation.windowOver': await total('proclamation/pages', { windowOver: true }),
        'objection.received': 2,
        'objection.overdue': 1,
        'correction.received': 2,
        'correction.overdue': 1,
      });
      expect(c['declare.submitted']).toBe(await total('declare-ent/pages', { status: 'submitted' }));
      expect(c['declare.overdue']).toBe(await total('declare-ent/pages', { overdue: true }));
      expect(c['objection.received']).toBe(await total('proclamation/objection/pages', { status: 'received' }));
      expect(c['objection.overdue']).toBe(await total('proclamation/objection/pages', { overdue: true }));
      expect(c['correction.received']).toBe(await total('free-declare/correction/pages', { status: 'received' }));
      expect(c['correction.overdue']).toBe(await total('free-declare/correction/pages', { overdue: true }));
    });

    it('an answer takes the objection off the figures', async () => {
      const [first] = await t().db.selectFrom('proclamationObjection').select('id').orderBy('id').limit(1).execute();
      const res = await t().call({ method: 'POST', url: '/console/api/proclamation/objection/answer', payload: { id: first.id, result: 'dismissed', reply: '经核实，该企业研发投入比例符合条件。' }, headers: reviewer.headers });
      expect(res.status, res.body.msg).toBe(200);
      const items = (await dashboard(reviewer)).find((g) => g.title === '公示异议')!.items;
      expect(items.slice(1).map((i) => i.count)).toEqual([1, 0]);
    });

    it('counts a 公示 still 公示中 after its objection window as 期满待结束, as its filtered list does', async () => {
      const figure = async () => (await dashboard(reviewer)).find((g) => g.title === '公示异议')!.items.find((i) => i.key === 'proclamation.windowOver')!.count;
      const before = await figure();
      const [open] = await t().db.selectFrom('proclamation').select('id').where('status', '=', 'published').where('objectionEndAt', '>', new Date().toISOString()).orderBy('id').limit(1).execute();
      await t().db.updateTable('proclamation').set({ objectionEndAt: PAST }).where('id', '=', open.id).execute();
      expect(await figure()).toBe(before + 1);
      expect(await total('proclamation/pages', { windowOver: true })).toBe(before + 1);
      const listed = (await t().call({ method: 'POST', url: '/console/api/proclamation/pages', payload: { windowOver: true, pageSize: 100 }, headers: reviewer.headers })).body.data.records;
      expect(listed.map((p: { id: number }) => p.id)).toContain(open.id);
      expect(listed.every((p: { status: string; objectionOpen: boolean }) => p.status === 'published' && !p.objectionOpen)).toBe(true);
    });

    it('shows these queues to nobody else, and sends a dispatcher’s 整改超期 to the overdue tab', async () => {
      for (const role of ['dispatcher', 'handler', 'payer', 'editor'] as const) {
        const titles = (await dashboard(await staffLogin(t(), role))).map((g) => g.title);
        expect(titles.filter((x) => ['申报审核', '公示异议', '免申即享'].includes(x)), role).toEqual([]);
      }
      const dispatcher = await dashboard(await staffLogin(t(), 'dispatcher'));
      expect(dispatcher.find((g) => g.title === '差评整改')!.items.find((i) => i.key === 'followUp.overdue')!.link).toBe('/console/evaluation?tab=overdue');
    });
  },
  async (t) => seedDemo(t.db),
);
