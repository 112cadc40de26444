import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { DUAL_STACK_HOST, listenHost } from './listen-host.ts';

// Government sites must be reachable over IPv6: the portal listens on `::` unless told otherwise,
// and one socket then answers both IPv6 and IPv4 clients.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp('sqlite');
  await t.app.listen({ port: 0, host: await listenHost(DUAL_STACK_HOST) });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

function get(host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host, port, path, family: host.includes(':') ? 6 : 4 }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

it('listens on :: by default', () => {
  expect(loadConfig({ DEV_FIXED_CODES: '1', NODE_ENV: 'test', DATA_DIR: t.app.config.dataDir }).host).toBe('::');
});

it('answers a request over IPv6 at [::1]', async () => {
  const res = await get('::1', '/healthz');
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body).data).toEqual({ status: 'ok' });
});

it('answers IPv4 clients on the same socket', async () => {
  expect((await get('127.0.0.1', '/healthz')).status).toBe(200);
});

it('takes any other HOST as given', async () => {
  expect(await listenHost('127.0.0.1')).toBe('127.0.0.1');
});
