import { describe, expect, it } from 'vitest';
import { loginUrl } from './redirect.ts';

describe('redirect_uri rule (docs/product.md §4)', () => {
  it('encodes the full path', () => {
    expect(loginUrl('/user/appeal?status=pending&currentPage=2')).toBe('/auth/login?redirect_uri=%2Fuser%2Fappeal%3Fstatus%3Dpending%26currentPage%3D2');
  });
  it('goes to plain /auth/login when the path already holds redirect_uri', () => {
    expect(loginUrl('/auth/login?redirect_uri=%2Fuser')).toBe('/auth/login');
    expect(loginUrl('/user?redirect_uri=x')).toBe('/auth/login');
  });
});
