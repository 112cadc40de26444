import { describe, expect, it } from 'vitest';
import { runGuards } from './guards.ts';

const at = (path: string) => new URL(`http://localhost${path}`);

describe('route guards', () => {
  it("'auth' sends a visitor to login with the encoded full path", () => {
    try {
      runGuards(['auth'], { url: at('/user/appeal?status=pending'), context: { user: null } });
      expect.unreachable();
    } catch (res) {
      expect((res as Response).status).toBe(302);
      expect((res as Response).headers.get('location')).toBe('/auth/login?redirect_uri=%2Fuser%2Fappeal%3Fstatus%3Dpending');
    }
  });
  it("'auth' lets a signed-in user through, 'user' lets everyone through", () => {
    expect(() => runGuards(['user', 'auth'], { url: at('/user'), context: { user: { userId: 1 } } })).not.toThrow();
    expect(() => runGuards(['user'], { url: at('/'), context: { user: null } })).not.toThrow();
  });
  it('an unknown guard is a 500 "Unknown middleware {name}"', () => {
    try {
      runGuards(['admin'], { url: at('/'), context: { user: null } });
      expect.unreachable();
    } catch (err) {
      expect((err as { init: ResponseInit }).init.status).toBe(500);
      expect((err as { data: string }).data).toBe('Unknown middleware admin');
    }
  });
});
