import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';
import { allowList, isAddressOrNetwork } from './allow-list.ts';

/** The value of one sample line, `name{labels} value`, or undefined when the scrape has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

for (const kind of testDatabases) {
  describe(`GET /metrics [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => t?.close());

    it('answers a loopback address in Prometheus text, with the process figures', async () => {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t.app.inject({ url: '/metrics', remoteAddress });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
        expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
        expect(res.body).toContain('# TYPE portal_http_request_duration_seconds histogram');
      }
    });

    it('is an unknown URL to any other address', async () => {
      const unknown = await t.app.inject({ url: '/no-such-path', remoteAddress: '203.0.113.7' });
      const refused = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('portal_');
      expect(refused.json().code).toBe(unknown.json().code);
    });

    it('times requests by route pattern, never by the URL asked for', async () => {
      await t.app.inject({ url: '/healthz' });
      await t.app.inject({ url: '/uaa/api/states/provinces/110000/cities' });
      await t.app.inject({ url: '/uaa/api/states/provinces/310000/cities' });
      const text = (await t.app.inject({ url: '/metrics' })).body;
      expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBeGreaterThanOrEqual(1);
      const cities = text.split('\n').filter((l) => l.startsWith('portal_http_request_duration_seconds_count') && l.includes('/cities'));
      expect(cities.length).toBe(1);
      expect(cities[0]).toContain('route="/uaa/api/states/provinces/:id/cities"');
      expect(Number(cities[0].split(' ')[1])).toBe(2);
      // Only the labels matter: a heap figure in bytes may well contain the digits 110000.
      expect(text).not.toMatch(/\{[^}\n]*110000[^}\n]*\}/);
    });

    it('counts background jobs started, failed and under way', async () => {
      // The portal's own timers (the policy push every 2 s) run jobs meanwhile and add to every
      // figure (under a loaded CI one of them once failed too): this job's share is read as at least one.
      const before = (await t.app.inject({ url: '/metrics' })).body;
      const started = sample(before, 'portal_jobs_started_total')!;
      const failed = sample(before, 'portal_jobs_failed_total')!;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const job = t.app.jobs.run('metrics test', async () => {
        await held;
        throw new Error('meant to fail');
      });
      const during = (await t.app.inject({ url: '/metrics' })).body;
      expect(sample(during, 'portal_jobs_running')).toBeGreaterThanOrEqual(1);
      release();
      await job;
      const after = (await t.app.inject({ url: '/metrics' })).body;
      expect(sample(after, 'portal_jobs_started_total')).toBeGreaterThanOrEqual(started + 1);
      expect(sample(after, 'portal_jobs_failed_total')).toBeGreaterThanOrEqual(failed + 1);
    });

    it(kind === 'postgres' ? 'reports the connection pool' : 'has no pool figures on SQLite', async () => {
      const text = (await t.app.inject({ url: '/metrics' })).body;
      if (kind === 'postgres') {
        expect(sample(text, 'portal_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'portal_db_pool_connections{state="waiting"}')).toBe(0);
      } else {
        expect(text).not.toMatch(/^portal_db_pool_connections\{/m);
      }
    });
  });
}

describe('METRICS_ALLOW', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { METRICS_ALLOW: '10.0.0.0/8, 2001:db8::/32' });
  });
  afterAll(async () => t?.close());

  it('opens /metrics to the networks named, and closes it to loopback then', async () => {
    for (const remoteAddress of ['10.1.2.3', '::ffff:10.200.0.1', '2001:db8::5']) {
      expect((await t.app.inject({ url: '/metrics', remoteAddress })).statusCode).toBe(200);
    }
    for (const remoteAddress of ['127.0.0.1', '11.0.0.1', '2001:db9::5']) {
      expect((await t.app.inject({ url: '/metrics', remoteAddress })).statusCode).toBe(404);
    }
  });

  it('is loopback by default, none when empty, and refused in words when malformed', () => {
    expect(loadConfig({ DATA_DIR: t.dataDir, TOKEN_SECRET: 'x'.repeat(32) }).metricsAllow).toEqual(['127.0.0.1', '::1']);
    const none = allowList(loadConfig({ DATA_DIR: t.dataDir, TOKEN_SECRET: 'x'.repeat(32), METRICS_ALLOW: '' }).metricsAllow);
    expect(none('127.0.0.1')).toBe(false);
    for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8']) {
      expect(isAddressOrNetwork(bad)).toBe(false);
      expect(() => loadConfig({ DATA_DIR: t.dataDir, METRICS_ALLOW: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: t.dataDir, METRICS_ALLOW: bad })).toThrow(/METRICS_ALLOW 须为以逗号分隔的 IP 地址或网段/);
    }
  });
});

describe('GET /metrics with the page cache (needs the built pages)', () => {
  let t: TestApp;
  let origin = '';
  beforeAll(async () => {
    t = await createTestApp('sqlite', { ENABLE_CACHE: '1' }, { pages: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('counts the hits answered before Fastify under the page route, with the miss that filled them', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${origin}/notice`)).status).toBe(200);
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'portal_page_cache_requests_total{result="miss"}')).toBe(1);
    expect(sample(text, 'portal_page_cache_requests_total{result="hit"}')).toBe(2);
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/*",status="200"}')).toBe(3);
  });
});
