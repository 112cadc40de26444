import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

describe('safeRedirect: a path of this site or the fallback', () => {
  it('keeps a path with its query and fragment', () => {
    expect(safeRedirect('/user/appeal')).toBe('/user/appeal');
    expect(safeRedirect('/user/appeal?status=pending&currentPage=2#top')).toBe('/user/appeal?status=pending&currentPage=2#top');
    expect(safeRedirect('/policy/%E6%94%BF%E7%AD%96')).toBe('/policy/%E6%94%BF%E7%AD%96');
    expect(safeRedirect('/console/staff', '/console')).toBe('/console/staff');
  });

  it('refuses every way of leaving the site', () => {
    for (const bad of [
      '//evil.example',
      '/\t/evil.example', // the probe's finding: browsers drop the tab
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/%09/evil.example'.replace('%09', '\t'),
      '/\u0000/evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/%5Cevil.example',
      '/..//evil.example',
      '/./..//evil.example',
      'https://evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      ' /user',
      'user',
      '',
      null,
      undefined,
      '/%E0%A4%A',
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe('/');
    }
  });

  it('answers the given fallback', () => {
    expect(safeRedirect('//evil.example', '/console')).toBe('/console');
  });
});
