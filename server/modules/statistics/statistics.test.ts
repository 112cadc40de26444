import { expect, it } from 'vitest';
import { seedDemo } from '#server/db/seed/index.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

describeEachDb(
  '首页统计 API',
  (t) => {
    it('gathers visits, content counts and appeal figures', async () => {
      await t().call({ method: 'POST', url: '/api/access-log/add', payload: { source: 'pc', name: '首页', url: '/' } });
      const { status, body } = await t().call({ method: 'GET', url: '/api/access-log/home-statistic' });
      expect(status).toBe(200);
      const svc = t().app.services;
      const [visits, policyCount, noticeCount] = await Promise.all([svc.accessLog.visits(), svc.policy.count(), svc.notice.count()]);
      const appeals = await t().db.selectFrom('appeal').select(['status', 'evaluationLevel']).where('status', '<>', 'withdrawn').execute();
      const rated = appeals.filter((a) => a.evaluationLevel !== null);
      expect(body.data).toEqual({
        ...visits,
        policyCount,
        noticeCount,
        appealCount: appeals.length,
        appealResolvedCount: appeals.filter((a) => a.status === 'resolved' || a.status === 'evaluated').length,
        satisfactionRate: Math.round((rated.filter((a) => a.evaluationLevel! <= 3).length / rated.length) * 1000) / 10,
      });
      expect(body.data.visitsToday).toBeGreaterThanOrEqual(1);
      expect(body.data.policyCount).toBeGreaterThan(0);
      expect(body.data.satisfactionRate).toBeGreaterThan(80);
      expect(body.data.satisfactionRate).toBeLessThan(100);
    });
  },
  async (t) => seedDemo(t.db),
);
