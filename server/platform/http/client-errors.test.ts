import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { BAD_URL_MESSAGE, TOO_LONG_MESSAGE } from './client-errors.ts';

// Errors raised before a route is found (a probe of hostile requests got Node's and Fastify's own
// JSON, without the request id or the security headers) answer the envelope too.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp('sqlite');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

function get(path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

function expectEnvelope(res: { status: number; headers: http.IncomingHttpHeaders; body: string }, status: number, msg: string) {
  expect(res.status).toBe(status);
  expect(JSON.parse(res.body)).toEqual({ code: status, msg, data: null });
  expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBeTruthy();
}

it('answers a malformed percent-encoding with a 400 envelope', async () => {
  expectEnvelope(await get('/api/notice/%E0%A4%A'), 400, BAD_URL_MESSAGE);
  expectEnvelope(await get('/%zz'), 400, BAD_URL_MESSAGE);
});

it('answers an over-long URL and an over-long header with a 431 envelope', async () => {
  expectEnvelope(await get(`/api/notice?keyword=${'a'.repeat(20_000)}`), 431, TOO_LONG_MESSAGE);
  const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/healthz', headers: { 'x-padding': 'b'.repeat(20_000) } }, (r) => {
        let body = '';
        r.on('data', (c: Buffer) => (body += c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body }));
      })
      .on('error', reject);
  });
  expectEnvelope(res, 431, TOO_LONG_MESSAGE);
});
