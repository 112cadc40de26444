import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { HSTS, securityHeaders } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('sqlite');
});
afterAll(async () => t?.close());

it('works out helmet’s headers once, from the options', () => {
  const h = securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } }, hsts: false });
  expect(h['content-security-policy']).toContain("default-src 'self'");
  expect(h['strict-transport-security']).toBeUndefined();
  expect(h['x-content-type-options']).toBe('nosniff');
});

it('sets them on every reply, errors included', async () => {
  for (const url of ['/healthz', '/api/no-such-call']) {
    const res = await t.app.inject({ url });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).toMatch(/(^|;)\s*script-src 'self';/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }
});

it('sends HSTS only for a request that came over https through a trusted proxy', async () => {
  const proxied = await createTestApp('sqlite', { TRUST_PROXY: '1' });
  try {
    const https = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
    const error = await proxied.app.inject({ url: '/api/no-such-call', headers: { 'x-forwarded-proto': 'https' } });
    expect(error.headers['strict-transport-security']).toBe(HSTS);
    expect((await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined();
    expect((await proxied.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
  } finally {
    await proxied.close();
  }
  // Without TRUST_PROXY the header is anyone's to send: plain http it stays.
  const direct = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
  expect(direct.headers['strict-transport-security']).toBeUndefined();
});
