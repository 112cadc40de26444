import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServiceItems } from '#server/db/seed/service-item.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { createTestApp, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * With the page cache on, every console change of a catalogue shows on the public pages at once:
 * 服务事项 on the home page, 申报项目 on /free-apply?tab=declare, 免申即享项目 on /free-apply,
 * dictionary options in the project filters (built pages needed).
 */
for (const kind of testDatabases) {
  describe(`目录维护与页面缓存 [${kind}]`, () => {
    let t: TestApp;
    let editor: StaffSession;
    let reviewer: StaffSession;
    let admin: StaffSession;
    beforeAll(async () => {
      t = await createTestApp(kind, { ENABLE_CACHE: '1' }, { pages: true });
      await seedServiceItems(t.db);
      [editor, reviewer, admin] = [await staffLogin(t, 'editor'), await staffLogin(t, 'reviewer'), await staffLogin(t, 'sysadmin')];
    });
    afterAll(async () => t?.close());

    const page = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      return { html: res.body, cache: res.headers['x-cache'] };
    };
    /** Loads the page twice so that it is served from the cache, then returns what the cache holds. */
    const cached = async (url: string) => {
      await page(url);
      const again = await page(url);
      expect(again.cache, url).toBe('HIT');
      return again.html;
    };
    const post = async (who: StaffSession, url: string, payload: object) => {
      const res = await t.call({ method: 'POST', url: `/console/api/${url}`, headers: who.headers, payload });
      expect(res.status, `${url}: ${res.body.msg}`).toBe(200);
      return res.body.data;
    };

    it('shows a new, renamed and stopped service item on the cached home page at once', async () => {
      expect(await cached('/')).not.toContain('人才公寓申请');
      const { id } = await post(editor, 'service-item/save', { name: '人才公寓申请', icon: 'talent', url: '/appeal', sort: 0 });
      expect((await page('/')).html).toContain('人才公寓申请');
      await cached('/');
      await post(editor, 'service-item/disable', { id });
      expect((await page('/')).html).not.toContain('人才公寓申请');
    });

    it('shows a published declaration project and a published free project on the cached lists at once, and drops them again', async () => {
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
      const body = { category: 'tech', department: '科技创新局', amountMin: null, amountMax: 20, conditions: '区内企业', content: '<p>说明</p>' };
      expect(await cached('/free-apply?tab=declare')).not.toContain('缓存测试申报项目');
      const declare = await post(reviewer, 'declare-project/save', { ...body, name: '缓存测试申报项目', applyStart: day(-1), applyEnd: day(20), materials: [] });
      expect((await page('/free-apply?tab=declare')).html).not.toContain('缓存测试申报项目'); // saved, not yet published
      await post(reviewer, 'declare-project/enable', { id: declare.id });
      expect((await page('/free-apply?tab=declare')).html).toContain('缓存测试申报项目');
      await cached('/free-apply?tab=declare');
      await post(reviewer, 'declare-project/disable', { id: declare.id });
      expect((await page('/free-apply?tab=declare')).html).not.toContain('缓存测试申报项目');

      expect(await cached('/free-apply')).not.toContain('缓存测试免申项目');
      const free = await post(reviewer, 'free-project/save', { ...body, name: '缓存测试免申项目' });
      await post(reviewer, 'free-project/publish', { id: free.id });
      expect((await page('/free-apply')).html).toContain('缓存测试免申项目');
      await cached('/free-apply');
      await post(reviewer, 'free-project/close', { id: free.id });
      expect((await page('/free-apply')).html).not.toContain('缓存测试免申项目');
    });

    it('shows a renamed dictionary option in the cached project filter at once', async () => {
      expect(await cached('/free-apply?tab=declare')).not.toContain('数字经济');
      await post(admin, 'dict/save', { dictCode: 'declare_category', id: 'digital', text: '数字经济', sort: 1 });
      expect((await page('/free-apply?tab=declare')).html).toContain('数字经济');
      await cached('/free-apply?tab=declare');
      await post(admin, 'dict/disable', { dictCode: 'declare_category', id: 'digital' });
      expect((await page('/free-apply?tab=declare')).html).not.toContain('数字经济');
    });
  });
}
