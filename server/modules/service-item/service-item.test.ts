import { expect, it } from 'vitest';
import { SERVICE_ICONS } from '#contract/service-item.ts';
import { seedServiceItems } from '#server/db/seed/service-item.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

describeEachDb(
  '服务事项 API',
  (t) => {
    it('lists the enabled quick links in their order', async () => {
      const { status, body } = await t().call({ method: 'GET', url: '/uaa/api/service/manage/list' });
      expect(status).toBe(200);
      expect(body.data).toHaveLength(10);
      expect(body.data.slice(0, 3).map((s: any) => s.name)).toEqual(['企业开办', '项目申报', '政策兑现']);
      for (const s of body.data) {
        expect(Object.keys(s).sort()).toEqual(['description', 'icon', 'id', 'name', 'url']);
        expect(SERVICE_ICONS).toContain(s.icon);
        expect(s.url).toMatch(/^(\/[a-z]|https:\/\/)/);
      }
    });

    it('leaves out disabled items once the content version moves on', async () => {
      await t().call({ method: 'GET', url: '/uaa/api/service/manage/list' }); // now cached
      await t().db.updateTable('serviceItem').set({ enabled: 0 }).where('name', '=', '办税服务').execute();
      await t().app.services.site.bumpCacheVersion();
      const { body } = await t().call({ method: 'GET', url: '/uaa/api/service/manage/list' });
      expect(body.data.map((s: any) => s.name)).not.toContain('办税服务');
      expect(body.data).toHaveLength(9);
    });
  },
  async (t) => seedServiceItems(t.db),
);
