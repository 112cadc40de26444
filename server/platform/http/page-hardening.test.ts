import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** The script-src directive of a policy. */
function scriptSrc(csp: string | undefined): string {
  return (csp ?? '').split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';
}

/** The inline scripts of a page: their attributes and text. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1])).map((m) => ({ attrs: m[1], text: m[2] }));
}

/**
 * Pages under hostile input and their script policy, through real renders of the built pages
 * (needs `npm run build`), with the page cache on.
 */
describe('pages: hostile input and the script policy', () => {
  let t: TestApp;
  let visitor: SignedUp;
  let staff: StaffSession;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { ENABLE_CACHE: '1' }, { pages: true });
    visitor = await signUpAndLogin(t);
    staff = await staffLogin(t, 'editor');
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers a newline or carriage return in redirect_uri with the page or a redirect home, never a 500', async () => {
    const targets = ['%0a/evil.example', '/user%0d%0aSet-Cookie:%20x=1', '/user%0a', '/%0d/evil.example'];
    for (const target of targets) {
      for (const [page, cookie, home] of [
        ['/auth/login', undefined, null],
        ['/auth/login', visitor.headers.cookie, '/'],
        ['/auth/register', undefined, null],
        ['/console/login', undefined, null],
        ['/console/login', staff.headers.cookie, '/console'],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url: `${page}?redirect_uri=${target}`, headers: cookie ? { cookie } : {} });
        const what = `${page} ${target} ${cookie ? 'signed in' : 'anonymous'}`;
        if (home) {
          expect(res.statusCode, what).toBe(302);
          expect(res.headers.location, what).toBe(home);
        } else {
          expect(res.statusCode, what).toBe(200);
        }
        expect(res.headers['set-cookie'] ?? '', what).not.toContain('x=1');
      }
    }
  });

  it('gives a page rendered for one visitor a fresh nonce, on each of its inline scripts', async () => {
    for (const [url, cookie] of [
      ['/user', visitor.headers.cookie],
      ['/user/appeal', visitor.headers.cookie],
      ['/console', staff.headers.cookie],
      ['/console/login', undefined],
    ] as const) {
      const nonces: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-cache'], url).not.toBe('HIT');
        const src = scriptSrc(res.headers['content-security-policy'] as string);
        expect(src, url).not.toContain('unsafe-inline');
        const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(src)?.[1];
        expect(nonce, url).toBeTruthy();
        const scripts = inlineScripts(res.body);
        expect(scripts.length, url).toBeGreaterThan(0);
        for (const script of scripts) expect(script.attrs, url).toContain(`nonce="${nonce}"`);
        nonces.push(nonce!);
      }
      expect(nonces[0], url).not.toBe(nonces[1]);
    }
  });

  it('lists the hashes of a cached page\'s inline scripts, the same for every visitor, and no nonce', async () => {
    for (const url of ['/', '/notice', '/auth/login']) {
      const miss = await t.app.inject({ method: 'GET', url });
      const hit = await t.app.inject({ method: 'GET', url });
      expect(hit.headers['x-cache'], url).toBe('HIT');
      expect(hit.body, url).toBe(miss.body);
      expect(hit.headers['content-security-policy'], url).toBe(miss.headers['content-security-policy']);
      // A revalidation's 304 replaces the browser's stored headers: it carries the page's policy.
      const revalidated = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(hit.headers.etag) } });
      expect(revalidated.statusCode, url).toBe(304);
      expect(revalidated.headers['content-security-policy'], url).toBe(hit.headers['content-security-policy']);
      const src = scriptSrc(hit.headers['content-security-policy'] as string);
      expect(src, url).not.toContain('unsafe-inline');
      expect(src, url).not.toContain('nonce-');
      const scripts = inlineScripts(hit.body);
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const script of scripts) {
        expect(script.attrs, url).not.toContain('nonce');
        expect(src, url).toContain(`'sha256-${createHash('sha256').update(script.text).digest('base64')}'`);
      }
    }
  });

  it('allows no inline script on the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(scriptSrc(res.headers['content-security-policy'] as string)).toBe("script-src 'self'");
  });
});
