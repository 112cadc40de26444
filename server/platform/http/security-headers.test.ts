import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { securityHeaders } from './security-headers.ts';

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
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }
});
