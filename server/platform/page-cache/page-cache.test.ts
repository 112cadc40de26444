import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedNotices } from '#server/db/seed/notice.ts';
import { Random } from '#server/db/seed/random.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import { createKv, type Kv } from '#server/platform/store/kv.ts';
import { createTestApp, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The page cache through real renders of the built pages (createTestApp with pages needs
 * `npx react-router build` first; without build/ the app refuses to start and says so).
 * Runs on each test database, with the kv store in memory and, when TEST_REDIS_URL is set, on Redis.
 */
const kvKinds = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);
const GZIP = { 'accept-encoding': 'gzip, deflate, br;q=0' };

for (const dbKind of testDatabases) {
  for (const kvKind of kvKinds) {
    describe(`页面缓存 [${dbKind}, kv ${kvKind}]`, () => {
      let t: TestApp;
      let kv: Kv;
      const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
      /** A shared store is read at most once a second: step past that after a purge. */
      const afterPurge = () => (kvKind === 'redis' ? vi.setSystemTime(Date.now() + 1100) : undefined);

      beforeAll(async () => {
        kv = createKv(kvKind === 'redis' ? process.env.TEST_REDIS_URL! : null, `test-${randomBytes(4).toString('hex')}:`);
        t = await createTestApp(dbKind, { ENABLE_CACHE: '1' }, { pages: true, kv });
        await seedNotices(t.db, new Random(7), new Date(), 30);
      });
      afterAll(async () => {
        await t?.close();
        await kv?.close();
      });
      afterEach(() => {
        vi.useRealTimers();
        vi.restoreAllMocks();
      });

      it('renders a page once, then serves the same bytes from the cache', async () => {
        const miss = await get('/notice?currentPage=2', GZIP);
        expect(miss.statusCode).toBe(200);
        expect(miss.headers['x-cache']).toBe('MISS');
        expect(miss.headers['content-encoding']).toBe('gzip');
        expect(miss.headers['cache-control']).toBe('no-cache');
        expect(miss.headers.vary).toBe('Accept-Encoding, Cookie');
        const hit = await get('/notice?currentPage=2', GZIP);
        expect(hit.headers['x-cache']).toBe('HIT');
        expect(hit.headers.etag).toBe(miss.headers.etag);
        const html = gunzipSync(hit.rawPayload).toString();
        expect(html).toBe(gunzipSync(miss.rawPayload).toString());
        expect(html).toContain('通知公告');
        // The same page in brotli and uncompressed, and with its query in another order.
        const br = await get('/notice?currentPage=2', { 'accept-encoding': 'br' });
        expect(br.headers['content-encoding']).toBe('br');
        const plain = await get('/notice?pageSize=10&currentPage=2');
        expect(plain.headers['x-cache']).toBe('MISS'); // another query is another page
        const reordered = await get('/notice?currentPage=2&pageSize=10');
        expect(reordered.headers['x-cache']).toBe('HIT');
        expect(reordered.headers['content-encoding']).toBeUndefined();
      });

      it('answers 304 to a matching If-None-Match, whatever encoding the tag came with', async () => {
        const first = await get('/notice', GZIP);
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^"[\w-]{32}-gz"$/);
        for (const tag of [etag, `W/${etag}`, etag.replace('-gz', ''), `"other", ${etag}`]) {
          const again = await get('/notice', { ...GZIP, 'if-none-match': tag });
          expect(again.statusCode).toBe(304);
          expect(again.body).toBe('');
          expect(again.headers.etag).toBe(etag);
        }
        const changed = await get('/notice', { ...GZIP, 'if-none-match': '"something-else"' });
        expect(changed.statusCode).toBe(200);
      });

      it('never serves or stores pages for a request with a session', async () => {
        const url = '/notice?currentPage=3';
        const sessions: Record<string, string>[] = [{ cookie: 'web_access_token=abc' }, { cookie: 'theme=x; web_refresh_token=abc' }, { authorization: 'Bearer abc' }];
        for (const headers of sessions) {
          const res = await get(url, { ...GZIP, ...headers });
          expect(res.statusCode).toBe(200);
          expect(res.headers['x-cache']).toBe('BYPASS');
          expect(res.headers['cache-control']).toBe('private, no-store');
          expect(res.headers.etag).toBeUndefined();
        }
        expect((await get(url)).headers['x-cache']).toBe('MISS');
        // A cookie that is not a session does not split the cache.
        expect((await get(url, { cookie: 'theme=dark' })).headers['x-cache']).toBe('HIT');
      });

      it('keeps care mode and the standard page apart, each cached once', async () => {
        const url = '/notice?currentPage=4';
        const care = { ...GZIP, cookie: 'theme=x; care_mode=1' };
        const html = (res: { rawPayload: Buffer }) => gunzipSync(res.rawPayload).toString();
        const plainMiss = await get(url, GZIP);
        const careMiss = await get(url, care);
        expect(careMiss.headers['x-cache']).toBe('MISS'); // not the standard page from the cache
        expect(html(careMiss)).toContain('<html lang="zh-CN" class="care">');
        expect(html(plainMiss)).toContain('<html lang="zh-CN">');
        const careHit = await get(url, care);
        expect(careHit.headers['x-cache']).toBe('HIT');
        expect(html(careHit)).toContain('class="care"');
        expect(careHit.headers.etag).not.toBe(plainMiss.headers.etag);
        const plainHit = await get(url, { ...GZIP, cookie: 'care_mode=' }); // switched back
        expect(plainHit.headers['x-cache']).toBe('HIT');
        expect(html(plainHit)).not.toContain('class="care"');
      });

      it('caches the data requests of client navigations too', async () => {
        const url = '/notice.data?_routes=routes%2Fnotice';
        const miss = await get(url, GZIP);
        expect(miss.statusCode).toBe(200);
        expect(miss.headers['x-cache']).toBe('MISS');
        const hit = await get(url, GZIP);
        expect(hit.headers['x-cache']).toBe('HIT');
        expect(gunzipSync(hit.rawPayload).toString()).toContain('records');
      });

      it('purges every page when the content version is bumped', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        await get('/');
        expect((await get('/')).headers['x-cache']).toBe('HIT');
        await bumpContentVersion(kv);
        afterPurge();
        expect((await get('/')).headers['x-cache']).toBe('MISS');
        expect((await get('/')).headers['x-cache']).toBe('HIT');
      });

      it('serves a stale page at once and re-renders it in the background once', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        const url = '/notice?currentPage=4';
        const miss = await get(url);
        expect(miss.headers['x-cache']).toBe('MISS');
        const list = vi.spyOn(t.app.services.notice, 'list');
        vi.setSystemTime(Date.now() + 31_000);
        const stale = await Promise.all(Array.from({ length: 6 }, () => get(url)));
        expect(stale.map((r) => r.headers['x-cache'])).toEqual(Array(6).fill('STALE'));
        expect(stale.every((r) => r.statusCode === 200)).toBe(true);
        await vi.waitFor(async () => expect((await get(url)).headers['x-cache']).toBe('HIT'), { timeout: 5000, interval: 20 });
        expect(list).toHaveBeenCalledTimes(1);
        // The re-rendered page lists its scripts' hashes once, as the first render did.
        expect((await get(url)).headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
      });

      it('does not keep a 404', async () => {
        for (let i = 0; i < 2; i++) {
          const res = await get('/no-such-page-here', GZIP);
          expect(res.statusCode).toBe(404);
          expect(res.headers['x-cache']).toBe('MISS');
          expect(res.headers.etag).toBeUndefined();
        }
      });
    });
  }
}
