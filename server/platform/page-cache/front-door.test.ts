import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedNotices } from '#server/db/seed/notice.ts';
import { Random } from '#server/db/seed/random.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import { createTestApp, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Page-cache hits answered before Fastify (platform/http/front-door.ts), over a real socket
 * (app.inject never goes through the front door). Every such answer must be the one Fastify's
 * own way gives: the same status, headers and bytes, for each kind of client. Needs the built
 * pages, as page-cache.test.ts.
 */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Headers that belong to one response on the wire, not to the page. */
const PER_RESPONSE = ['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding'];
const comparable = (h: Answer['headers']) => Object.fromEntries(Object.entries(h).filter(([k]) => !PER_RESPONSE.includes(k)));

const CLIENTS: [string, Record<string, string>][] = [
  ['plain', {}],
  ['gzip', { 'accept-encoding': 'gzip, deflate' }],
  ['br', { 'accept-encoding': 'gzip, deflate, br' }],
  ['https proxy', { 'accept-encoding': 'gzip', 'x-forwarded-proto': 'https' }],
  ['theme cookie', { 'accept-encoding': 'gzip', cookie: 'theme=dark' }],
];

for (const dbKind of testDatabases) {
  describe(`页面缓存在 Fastify 之前命中 [${dbKind}]`, () => {
    let t: TestApp;
    let origin = '';

    /** One request over the socket, the body as sent (not decompressed); an array sends one line per value. */
    function wire(method: string, url: string, headers: Record<string, string | string[]> = {}): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const req = httpRequest(`${origin}${url}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    }

    /** The same request through Fastify's own way. */
    async function fastify(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}): Promise<Answer> {
      const res = await t.app.inject({ method, url, headers });
      return { status: res.statusCode, headers: res.headers as Answer['headers'], body: res.rawPayload };
    }

    beforeAll(async () => {
      // Behind a trusted proxy, so that HSTS (https only) is compared too.
      t = await createTestApp(dbKind, { ENABLE_CACHE: '1', TRUST_PROXY: '1' }, { pages: true });
      await seedNotices(t.db, new Random(11), new Date(), 20);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => t?.close());
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('answers a hit with the status, headers and bytes Fastify gives, for every kind of client', async () => {
      // The clock stands still: the platform's cache_version, read at most once a second, stays known.
      vi.useFakeTimers({ toFake: ['Date'] });
      const send = vi.spyOn(t.app.frontDoor, 'send');
      for (const url of ['/', '/notice?currentPage=2', '/notice.data?_routes=routes%2Fnotice']) {
        expect((await wire('GET', url)).headers['x-cache']).toBe('MISS'); // through Fastify, which stores it
        for (const [client, headers] of CLIENTS) {
          send.mockClear();
          const fast = await wire('GET', url, headers);
          expect(send, `${url} ${client}`).toHaveBeenCalledTimes(1);
          const slow = await fastify('GET', url, headers);
          expect(fast.status, `${url} ${client}`).toBe(200);
          expect(fast.headers['x-cache']).toBe('HIT');
          expect(comparable(fast.headers), `${url} ${client}`).toEqual(comparable(slow.headers));
          expect(fast.body.equals(slow.body), `${url} ${client}`).toBe(true);
          expect(fast.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
          expect(fast.headers['strict-transport-security'] !== undefined).toBe(client === 'https proxy');

          // A conditional request with the tag just given, and a HEAD.
          const tag = String(fast.headers.etag);
          for (const [method, extra] of [['GET', { 'if-none-match': tag }], ['GET', { 'if-none-match': `"other", W/${tag}` }], ['HEAD', {}]] as const) {
            send.mockClear();
            const fastAgain = await wire(method, url, { ...headers, ...extra });
            expect(send).toHaveBeenCalledTimes(1);
            const slowAgain = await fastify(method, url, { ...headers, ...extra });
            expect(fastAgain.status, `${url} ${client} ${method} ${JSON.stringify(extra)}`).toBe(method === 'HEAD' ? 200 : 304);
            expect(comparable(fastAgain.headers)).toEqual(comparable(slowAgain.headers));
            expect(fastAgain.body.length).toBe(0);
          }
        }
      }
    });

    it('reads header names in any case', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      await wire('GET', '/notice?currentPage=6');
      const send = vi.spyOn(t.app.frontDoor, 'send');
      const gz = await wire('GET', '/notice?currentPage=6', { 'Accept-Encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const again = await wire('GET', '/notice?currentPage=6', { 'Accept-Encoding': 'gzip', 'If-None-Match': String(gz.headers.etag), 'X-Request-Id': 'trace-87654321' });
      expect(again.status).toBe(304);
      expect(again.headers['x-request-id']).toBe('trace-87654321');
      expect(send).toHaveBeenCalledTimes(2);
    });

    it('keeps the caller\'s request id as Fastify does', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      await wire('GET', '/notice');
      const res = await wire('GET', '/notice', { 'x-request-id': 'trace-12345678' });
      expect(res.headers['x-cache']).toBe('HIT');
      expect(res.headers['x-request-id']).toBe('trace-12345678');
    });

    it('leaves sessions, the console, the API and writes to Fastify', async () => {
      const url = '/notice?currentPage=3';
      await wire('GET', url);
      const send = vi.spyOn(t.app.frontDoor, 'send');
      const sessions: Record<string, string>[] = [{ cookie: 'web_access_token=abc' }, { cookie: 'theme=x; web_refresh_token=abc' }, { authorization: 'Bearer abc' }];
      for (const headers of sessions) {
        const res = await wire('GET', url, headers);
        expect(res.headers['x-cache']).toBe('BYPASS');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      // A header sent twice (a cookie too) is joined by Node's rules, which only Fastify's way applies.
      const twice = await wire('GET', url, { 'accept-encoding': ['identity', 'gzip'] });
      expect(twice.headers['x-cache']).toBe('HIT');
      expect(twice.headers['content-encoding']).toBe('gzip');
      await wire('GET', '/api/notice/detail?id=1');
      await wire('GET', '/console/login');
      await wire('POST', url);
      expect(send).not.toHaveBeenCalled();
    });

    it('keeps care mode apart and shows a content change at once', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const url = '/notice?currentPage=4';
      await wire('GET', url);
      expect((await wire('GET', url)).headers['x-cache']).toBe('HIT');
      const care = await wire('GET', url, { cookie: 'care_mode=1' });
      expect(care.headers['x-cache']).toBe('MISS');
      expect(care.body.toString()).toContain('<html lang="zh-CN" class="care">');
      expect((await wire('GET', url, { cookie: 'care_mode=1' })).body.toString()).toContain('class="care"');
      expect((await wire('GET', url)).body.toString()).not.toContain('class="care"');

      await bumpContentVersion(t.kv);
      const send = vi.spyOn(t.app.frontDoor, 'send');
      expect((await wire('GET', url)).headers['x-cache']).toBe('MISS');
      expect(send).not.toHaveBeenCalled();
      // The new page is a hit before Fastify again, under the new version.
      expect((await wire('GET', url)).headers['x-cache']).toBe('HIT');
      expect(send).toHaveBeenCalledTimes(1);
    });

    // After the others: the versions read in the future stay fresh after the clock comes back.
    it('leaves a stale page to Fastify, which serves it and renders it again', async () => {
      const url = '/notice?currentPage=5';
      await wire('GET', url);
      const send = vi.spyOn(t.app.frontDoor, 'send');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 31_000);
      expect((await wire('GET', url)).headers['x-cache']).toBe('STALE');
      expect(send).not.toHaveBeenCalled();
    });

    it('steps aside once the server drains: every request gets the 503', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 62_000);
      await wire('GET', '/notice');
      expect((await wire('GET', '/notice')).headers['x-cache']).toBe('HIT');
      await t.app.drain(100);
      const res = await wire('GET', '/notice');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body.toString()).code).toBe(503);
    });
  });
}
