import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

describe('config', () => {
  it('refuses the test-only fixed codes in production, with a sentence naming the setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_FIXED_CODES: '1', DATA_DIR: '/tmp/portal-config-test' })).toThrow(/DEV_FIXED_CODES/);
  });
  it('lists every wrong setting at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DATA_DIR: '/tmp/portal-config-test' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL/);
    }
  });
  it('uses SQLite under DATA_DIR by default and PostgreSQL for a postgres:// URL', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/portal-config-test' }).database).toEqual({ kind: 'sqlite', file: '/tmp/portal-config-test/portal.db' });
    expect(loadConfig({ DATA_DIR: '/tmp/portal-config-test', DATABASE_URL: 'postgres://u@h/db' }).database.kind).toBe('postgres');
  });
  it('needs all three SSO settings or none', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/portal-config-test', SSO_ISSUER: 'https://id.example.cn' })).toThrow(/SSO_CLIENT_ID/);
  });
});

describe('envelope, errors and health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, {
      extend: (app) =>
        app.get('/api/test-boom', async () => {
          throw new Error('SELECT secret FROM users');
        }),
    });
  });
  afterAll(async () => t.close());

  it('answers /healthz and /readyz', async () => {
    expect((await t.call({ method: 'GET', url: '/healthz' })).body.code).toBe(0);
    const ready = await t.call({ method: 'GET', url: '/readyz' });
    expect(ready.status).toBe(200);
    expect(ready.body.data.status).toBe('ready');
  });

  it('puts a request id on every response and keeps a sane one given by a proxy', async () => {
    const a = await t.call({ method: 'GET', url: '/healthz' });
    expect(String(a.headers['x-request-id'])).toMatch(/^[\w-]{8,}$/);
    const b = await t.call({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-12345678' } });
    expect(b.headers['x-request-id']).toBe('trace-12345678');
  });

  it('answers an unknown API path with a JSON 404 envelope', async () => {
    const r = await t.call({ method: 'GET', url: '/api/no-such-call' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 404, msg: '您访问的接口不存在', data: null });
  });

  it('answers malformed JSON with a 400 sentence, not a stack', async () => {
    const r = await t.call({ method: 'POST', url: '/api/notice/pages', headers: { 'content-type': 'application/json' }, payload: '{"currentPage":' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('请求内容不是有效的 JSON');
  });

  it('hides the internals of a 500 and logs it with the request id', async () => {
    const r = await t.call({ method: 'GET', url: '/api/test-boom' });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: 500, msg: '服务器内部错误，请稍后访问', data: null });
    expect(JSON.stringify(r.body)).not.toMatch(/SELECT|secret|at /);
    expect(r.headers['x-request-id']).toBeTruthy();
  });

  it('trims strings on the way in', async () => {
    const r = await t.call({ method: 'POST', url: '/api/notice/pages', payload: { keyword: '   ', currentPage: 1 } });
    expect(r.status).toBe(200);
  });

  it('serves the OpenAPI document generated from the request schemas', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/notice/pages'].post.requestBody).toBeTruthy();
    expect(doc.paths['/uaa/api/ua/notice/page'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['currentPage', 'pageSize', 'keyword']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api-docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
