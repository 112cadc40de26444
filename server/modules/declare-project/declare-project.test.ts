import { expect, it } from 'vitest';
import { seedDemo } from '#server/db/seed/index.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

describeEachDb(
  '申报项目 API',
  (t) => {
    const page = (query = '') => t().call({ method: 'GET', url: `/uaa/api/ua/declare-project/page?pageSize=100${query}` });

    it('lists the projects in all three states, open ones first', async () => {
      const { status, body } = await page();
      expect(status).toBe(200);
      expect(body.data.total).toBe(8);
      const states = body.data.records.map((r: any) => r.status);
      expect(new Set(states)).toEqual(new Set(['open', 'not_started', 'closed']));
      expect(states.slice(0, 4)).toEqual(['open', 'open', 'open', 'open']);
      expect(states.at(-1)).toBe('closed');
      const first = body.data.records[0];
      expect(first).toMatchObject({ statusText: '申报中', categoryText: expect.any(String), department: expect.any(String) });
      // Open projects: the one closing soonest first.
      const ends = body.data.records.slice(0, 4).map((r: any) => r.applyEnd);
      expect([...ends].sort()).toEqual(ends);
    });

    it('filters by status, category and keyword, and pages stably', async () => {
      for (const [status, text, n] of [['open', '申报中', 4], ['not_started', '未开始', 1], ['closed', '已截止', 3]] as const) {
        const { body } = await page(`&status=${status}`);
        expect(body.data.total, status).toBe(n);
        expect(body.data.records.every((r: any) => r.status === status && r.statusText === text)).toBe(true);
      }
      const trade = await page('&category=trade');
      expect(trade.body.data.total).toBe(2);
      expect(trade.body.data.records.every((r: any) => r.categoryText === '外贸发展')).toBe(true);
      const kw = await page(`&keyword=${encodeURIComponent('海外仓')}`);
      expect(kw.body.data.records.map((r: any) => r.name)).toEqual(['跨境电商海外仓建设补贴']);
      const p2 = await t().call({ method: 'GET', url: '/uaa/api/ua/declare-project/page?currentPage=2&pageSize=3' });
      const all = (await page()).body.data.records.map((r: any) => r.id);
      expect(p2.body.data.records.map((r: any) => r.id)).toEqual(all.slice(3, 6));
      const bad = await page('&status=ongoing');
      expect(bad.status).toBe(400);
      expect(bad.body.data.fields.status).toBe('项目状态有误');
    });

    it('gives amounts in 万元, null when the bureau set no figure', async () => {
      const { body } = await page();
      const byName = (n: string) => body.data.records.find((r: any) => r.name === n);
      expect(byName('保税维修业务试点企业扶持')).toMatchObject({ amountMin: 50, amountMax: 50 });
      expect(byName('跨境电商海外仓建设补贴')).toMatchObject({ amountMin: null, amountMax: null });
      expect(byName('2026年度综合保税区企业研发投入补助')).toMatchObject({ amountMin: 10, amountMax: 200 });
    });

    it('shows a project with conditions, sanitised content and its materials with templates', async () => {
      const { body: list } = await page('&keyword=' + encodeURIComponent('研发投入'));
      const id = list.data.records[0].id;
      const { status, body } = await t().call({ method: 'GET', url: `/uaa/api/ua/declare-project/detail?id=${id}` });
      expect(status).toBe(200);
      expect(body.data.conditions).toMatch(/研发费用/);
      // Under the page's h2 “项目内容”.
      expect(body.data.content).toContain('<h3>');
      expect(body.data.content).not.toMatch(/<h[12]/);
      expect(body.data.materials).toEqual([
        { id: expect.any(Number), name: '项目申报书', required: true, templateType: 'declaration', template: null },
        { id: expect.any(Number), name: '信用承诺书', required: true, templateType: 'commitment', template: null },
        { id: expect.any(Number), name: '营业执照复印件', required: true, templateType: null, template: null },
        { id: expect.any(Number), name: '上年度财务报表', required: true, templateType: 'financial', template: null },
        { id: expect.any(Number), name: '研发费用专项审计报告', required: false, templateType: null, template: null },
      ]);
      for (const bad of ['999999', 'abc', '0', '']) {
        const res = await t().call({ method: 'GET', url: `/uaa/api/ua/declare-project/detail?id=${bad}` });
        expect([400, 404], bad).toContain(res.status);
      }
      expect((await t().call({ method: 'GET', url: '/uaa/api/ua/declare-project/detail?id=999999' })).body.msg).toBe('该申报项目不存在或已下线');
    });
  },
  async (t) => seedDemo(t.db),
);
