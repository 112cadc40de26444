import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';
import { NUL_MESSAGE, trimPlugin } from './trim.ts';

/** What a route is handed after the plugin, echoed back. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(errorsPlugin);
  await app.register(trimPlugin);
  app.get('/echo', async (request) => ({ query: request.query }));
  app.post('/echo', async (request) => ({ body: request.body }));
  await app.ready();
});
afterAll(async () => app?.close());

describe('values on the way in (docs/api.md "Values")', () => {
  it('trims query parameters and drops the empty ones', async () => {
    const res = await app.inject({ method: 'GET', url: '/echo?keyword=%20%E6%8B%9B%E8%81%98%20&status=%20&page=2' });
    expect(res.json()).toEqual({ query: { keyword: '招聘', page: '2' } });
  });

  it('trims body strings at any depth and turns the empty ones into null', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { title: ' 通知 ', note: '  ', items: [{ name: ' 甲 ' }] } });
    expect(res.json()).toEqual({ body: { title: '通知', note: null, items: [{ name: '甲' }] } });
  });

  it('refuses a NUL character in the body, naming the field, and in the query', async () => {
    const body = await app.inject({ method: 'POST', url: '/echo', payload: { items: [{ name: 'a\u0000b' }] } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ code: 400, msg: NUL_MESSAGE, data: { fields: { 'items.0.name': NUL_MESSAGE } } });

    const query = await app.inject({ method: 'GET', url: '/echo?keyword=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ code: 400, msg: NUL_MESSAGE, data: { fields: { keyword: NUL_MESSAGE } } });
  });
});
