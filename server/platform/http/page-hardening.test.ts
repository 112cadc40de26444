import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Pages under hostile input, through real renders of the built pages (needs `npm run build`).
 */
describe('pages under hostile input', () => {
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
});
