/**
 * The top navigation (docs/product.md §2, in spec order) as menu entries (docs/product.md §3). The header renders it,
 * the page layer marks the current entry with `matchMenu`, and the access log records only
 * visits that `matchMenu` recognises.
 */
// A plain interface, not a zod schema: the header imports this file on every public page, and the
// menu is data the code writes, never input to validate.
export interface MenuEntry {
  menuName: string;
  menuHref: string;
  /** docs/product.md §3 gives BUTTON as the type of the navigation entries. */
  menuType: 'MENU' | 'BUTTON';
  /** null: public, anyone may open it. */
  menuPermission: string | null;
  isMenu: boolean;
  children: MenuEntry[];
  fullPath: string;
}

const entry = (menuName: string, menuHref: string): MenuEntry => ({
  menuName,
  menuHref,
  menuType: 'BUTTON',
  menuPermission: null,
  isMenu: true,
  children: [],
  fullPath: menuHref,
});

export const menus: readonly MenuEntry[] = Object.freeze([
  entry('首页', '/'),
  entry('企业诉求', '/appeal'),
  entry('重点政策', '/important-policy'),
  entry('通知公告', '/notice'),
  entry('通讯录', '/address-book'),
  entry('免申即享', '/free-apply'),
]);

/** '/notice/detail/?x#y' → '/notice/detail'; repeated slashes collapse. */
function normalisePath(pathname: string): string {
  const bare = pathname.split(/[?#]/, 1)[0].replace(/\/{2,}/g, '/');
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function flatten(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.children)]);
}

/**
 * The menu entry a page belongs to: its own path or any page below it (/notice/detail belongs
 * to 通知公告), matching whole path segments only (/noticeboard is not /notice). The home entry
 * matches only '/'. The deepest matching entry wins.
 */
export function matchMenu(pathname: string, entries: readonly MenuEntry[] = menus): MenuEntry | null {
  const path = normalisePath(pathname);
  let best: MenuEntry | null = null;
  for (const e of flatten(entries)) {
    const href = e.fullPath;
    const hit = href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
    if (hit && (!best || href.length > best.fullPath.length)) best = e;
  }
  return best;
}
