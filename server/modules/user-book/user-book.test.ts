import { beforeAll, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '#server/db/seed/demo.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

describeEachDb(
  '我的通讯录 API',
  (t) => {
    let a: SignedUp;
    let demo: SignedUp;
    let entries: { id: number; name: string }[];
    beforeAll(async () => {
      a = await signUpAndLogin(t(), { enterpriseName: '上海收藏者科技有限公司' });
      demo = await signUpAndLogin(t(), { uscc: DEMO_ENTERPRISE.uscc, enterpriseName: DEMO_ENTERPRISE.name });
      entries = (await t().call({ method: 'POST', url: '/api/book/gov/pages', payload: { pageSize: 100 } })).body.data.records;
    });
    const star = (who: SignedUp | null, payload: object) => t().call({ method: 'POST', url: '/api/book/gov/star', payload, headers: who?.headers });
    const starred = async (who: SignedUp) => (await t().call({ method: 'GET', url: '/api/book/gov/starred', headers: who.headers })).body.data;

    it('stars and unstars entries per user, idempotently', async () => {
      expect((await star(null, { entryId: entries[0].id, starred: true })).status).toBe(401);
      expect(await starred(a)).toEqual([]);
      for (const e of [entries[3], entries[1], entries[3]]) {
        const res = await star(a, { entryId: e.id, starred: true });
        expect(res.body).toMatchObject({ data: { entryId: e.id, starred: true }, msg: '已收藏' });
      }
      expect((await starred(a)).map((e: any) => e.id)).toEqual([entries[1].id, entries[3].id]);
      await star(a, { entryId: entries[1].id, starred: false });
      await star(a, { entryId: entries[1].id, starred: false });
      expect((await starred(a)).map((e: any) => e.id)).toEqual([entries[3].id]);
      // Stars belong to the user: a new colleague of the demo enterprise has none, its seeded user three.
      expect(await starred(demo)).toEqual([]);
      const seeded = await t().db.selectFrom('userAccount').select('id').where('phone', '=', DEMO_ENTERPRISE.phone).executeTakeFirstOrThrow();
      const seededStars = await t().app.services.userBook.starred({ userId: seeded.id, enterpriseId: demo.enterpriseId, nickName: '陈思远', permissions: [] });
      expect(seededStars.map((e) => e.name).sort()).toEqual(['企业服务中心综合窗口', '政策咨询窗口', '通关业务科'].sort());
    });

    it('refuses unknown and malformed entries', async () => {
      const unknown = await star(a, { entryId: 999999, starred: true });
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toBe('该通讯录条目不存在或已删除');
      expect((await star(a, { entryId: 'abc', starred: true })).status).toBe(404);
      expect((await star(a, { entryId: entries[0].id })).status).toBe(400);
    });

    it("gives the enterprise's service commissioner, or null when none is assigned", async () => {
      const mine = await t().call({ method: 'GET', url: '/api/user/commissioner', headers: demo.headers });
      expect(mine.body.data).toMatchObject({ name: expect.stringMatching(/^服务专员/), department: '企业服务局', phone: expect.any(String) });
      expect((await t().call({ method: 'GET', url: '/api/user/commissioner', headers: a.headers })).body.data).toBeNull();
      expect((await t().call({ method: 'GET', url: '/api/user/commissioner' })).status).toBe(401);
    });
  },
  async (t) => seedDemo(t.db),
);
