import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The documents app/entry.server.tsx writes, through real renders of the built pages (needs
 * `npm run build`): whole, with the loader data the browser hydrates from, and an error page
 * that tells a visitor nothing of the failure.
 */
for (const dbKind of testDatabases) {
  describe(`documents [${dbKind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dbKind, { ENABLE_CACHE: '0' }, { pages: true });
    }, 120_000);
    afterAll(async () => t?.close());
    afterEach(() => vi.restoreAllMocks());

    it('writes a whole document with the loader data the page hydrates from', async () => {
      for (const [url, text] of [
        ['/', '服务事项'],
        ['/notice', '通知公告'],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.body.startsWith('<!DOCTYPE html><html'), url).toBe(true);
        expect(res.body.match(/<!DOCTYPE/g), url).toHaveLength(1);
        expect(res.body, url).toContain(text);
        // The turbo-stream of the loader data, then the end of it: without these the page never hydrates.
        expect(res.body, url).toContain('window.__reactRouterContext.streamController.enqueue(');
        expect(res.body, url).toContain('window.__reactRouterContext.streamController.close();</script>');
        expect(res.body.endsWith('</body></html>'), url).toBe(true);
      }
    });

    // app/entry.server.tsx renders with renderToString and hands React Router's StreamTransfer the
    // loader data through `renderMeta.streamCache`, a field React Router does not document. Kept
    // because it pays (docs/decisions.md "Rendering without AsyncLocalStorage"); an upgrade that
    // stops reading it makes StreamTransfer suspend, and renderToString then writes React's
    // client-render marker instead of the data.
    it('hands the loader data to React Router through renderMeta.streamCache (an internal field: check it after every React Router upgrade)', async () => {
      const broken =
        'renderMeta.streamCache no longer reaches StreamTransfer (React Router changed its internals): ' +
        'render with renderToPipeableStream in app/entry.server.tsx instead of the hand-off';
      for (const url of ['/', '/notice', '/auth/login']) {
        const body = (await t.app.inject({ method: 'GET', url })).body;
        expect(body.includes('<!--$!-->') || body.includes('<template data-msg'), `${url}: ${broken}`).toBe(false);
        expect(body.includes('streamController.enqueue(') && body.includes('streamController.close();</script>'), `${url}: ${broken}`).toBe(true);
      }
    });

    it("gives loaders the page's own address on a client navigation, without `.data` and React Router's parameters", async () => {
      const list = vi.spyOn(t.app.services.notice, 'list');
      const page = await t.app.inject({ method: 'GET', url: '/notice.data?currentPage=2&keyword=%E6%8B%9B%E8%81%98&_routes=routes%2Fnotice' });
      expect(page.statusCode).toBe(200);
      expect(list).toHaveBeenCalledWith(expect.objectContaining({ currentPage: 2, keyword: '招聘' }));
      // A signed-out visitor is sent to login, and comes back to the page, not to its data.
      const guarded = await t.app.inject({ method: 'GET', url: '/user/appeal.data?status=pending&_routes=routes%2Fuser.appeal' });
      expect(guarded.body).toContain('/auth/login?redirect_uri=%2Fuser%2Fappeal%3Fstatus%3Dpending');
      expect(guarded.body).not.toContain('.data');
    });

    it('answers a loader that fails with the error page, status 500, and nothing of the error', async () => {
      vi.spyOn(t.app.services.notice, 'list').mockRejectedValue(new Error('连接已断开 secret-detail-42'));
      const res = await t.app.inject({ method: 'GET', url: '/notice' });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('服务器内部错误');
      expect(res.body).not.toContain('secret-detail-42');
      expect(res.body).not.toMatch(/\bat .*\.(js|ts|mjs):\d+/);
      // The next visitor gets the page again.
      vi.restoreAllMocks();
      expect((await t.app.inject({ method: 'GET', url: '/notice' })).statusCode).toBe(200);
    });
  });
}
