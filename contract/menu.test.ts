import { describe, expect, it } from 'vitest';
import { matchMenu, menus } from './menu.ts';

describe('menu catalogue (docs/product.md §2, §3)', () => {
  it('lists the navigation in the order and with the fields of docs/product.md §2–§3', () => {
    expect(menus.map((m) => [m.menuName, m.menuHref])).toEqual([
      ['首页', '/'],
      ['企业诉求', '/appeal'],
      ['重点政策', '/important-policy'],
      ['通知公告', '/notice'],
      ['通讯录', '/address-book'],
      ['免申即享', '/free-apply'],
    ]);
    for (const m of menus) {
      expect(Object.keys(m).sort()).toEqual(['children', 'fullPath', 'isMenu', 'menuHref', 'menuName', 'menuPermission', 'menuType']);
    }
  });
});

describe('matchMenu', () => {
  it.each([
    ['/', '首页'],
    ['/appeal', '企业诉求'],
    ['/appeal/detail', '企业诉求'],
    ['/appeal/components/appeal-form', '企业诉求'],
    ['/important-policy', '重点政策'],
    ['/important-policy/detail', '重点政策'],
    ['/notice/detail', '通知公告'],
    ['/notice/detail?id=3#top', '通知公告'],
    ['/notice/', '通知公告'],
    ['//notice//detail', '通知公告'],
    ['/address-book', '通讯录'],
    ['/free-apply/components/apply-form', '免申即享'],
    ['/free-apply/proclamation/detail', '免申即享'],
    ['notice', '通知公告'],
  ])('%s → %s', (path, name) => {
    expect(matchMenu(path)?.menuName).toBe(name);
  });

  it.each(['/noticeboard', '/user', '/user/address-book', '/auth/login', '/important', '/Notice', '/api/notice/pages', '/oauth2'])(
    '%s matches nothing',
    (path) => {
      expect(matchMenu(path)).toBeNull();
    },
  );

  it('prefers the deepest entry when menus nest', () => {
    const nested = [
      { ...menus[3], children: [{ ...menus[3], menuName: '通知详情', menuHref: '/notice/detail', fullPath: '/notice/detail' }] },
    ];
    expect(matchMenu('/notice/detail', nested)?.menuName).toBe('通知详情');
    expect(matchMenu('/notice', nested)?.menuName).toBe('通知公告');
  });
});
