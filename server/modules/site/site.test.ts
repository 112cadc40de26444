import { expect, it, vi } from 'vitest';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

describeEachDb('平台信息 API', (t) => {
  it('answers the configured name and a cache_version string', async () => {
    const { status, body } = await t().call({ method: 'GET', url: '/uaa/api/ua/platform/info' });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 0, msg: '操作成功', data: { name: '某某综合保税区企业服务平台', cache_version: '1' } });
  });

  it('changes cache_version on every bump, and purges cached pages too', async () => {
    const pages = await contentVersion(t().kv);
    await t().app.services.site.bumpCacheVersion();
    await t().app.services.site.bumpCacheVersion();
    const { body } = await t().call({ method: 'GET', url: '/uaa/api/ua/platform/info' });
    expect(body.data.cache_version).toBe('3');
    expect(await contentVersion(t().kv)).not.toBe(pages);
  });

  it("sees another instance's bump within two seconds", async () => {
    const { site: platform } = t().app.services;
    const before = await platform.cacheVersion();
    await t().db.updateTable('setting').set({ value: '99' }).where('key', '=', 'cache_version').execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await platform.cacheVersion()).toBe(before);
      vi.setSystemTime(Date.now() + 2_001);
      expect((await platform.info()).cache_version).toBe('99');
      expect(await t().app.services.dict.options('policy_level')).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws the footer QR codes from the configured addresses, and refuses an unknown one', async () => {
    const images = [];
    for (const index of [0, 1]) {
      const res = await t().app.inject({ method: 'GET', url: `/uaa/api/ua/platform/qr/${index}?v=abc` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.body).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      images.push(res.body);
    }
    // Two settings, two different codes.
    expect(images[0]).not.toBe(images[1]);
    const missing = await t().call({ method: 'GET', url: '/uaa/api/ua/platform/qr/2' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, data: null });
    const bad = await t().call({ method: 'GET', url: '/uaa/api/ua/platform/qr/abc' });
    expect(bad.status).toBe(400);
  });
});
