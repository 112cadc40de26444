import { Breadcrumb } from 'antd';
import { Link, matchPath } from 'react-router';
import { CONSOLE_SUBPAGES, menuFor } from '#contract/console-menu.ts';

type Crumb = { title: React.ReactNode };

/** The menu entry an address belongs to: the longest menu path it starts with. */
function entryOf(pathname: string, permissions: readonly string[]) {
  return menuFor(permissions)
    .filter((e) => pathname === e.path || pathname.startsWith(`${e.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/**
 * Where a console page sits, from the menu and the pages outside it (contract/console-menu.ts),
 * never typed per page: 工作台 › group › menu entry › sub-page. An address the person may not
 * open, or an unknown one, shows 工作台 alone.
 */
export function consoleCrumbs(pathname: string, permissions: readonly string[]): Crumb[] {
  const home = pathname === '/console' || pathname === '/console/';
  const crumbs: Crumb[] = [{ title: home ? '工作台' : <Link to="/console">工作台</Link> }];
  if (home) return crumbs;
  const sub = CONSOLE_SUBPAGES.find((p) => matchPath(p.pattern, pathname));
  const entry = entryOf(sub?.parent ?? pathname, permissions);
  if (entry) {
    crumbs.push({ title: entry.group });
    crumbs.push({ title: sub || pathname !== entry.path ? <Link to={entry.path}>{entry.label}</Link> : entry.label });
  }
  if (sub && (entry || !sub.parent)) crumbs.push({ title: sub.label });
  return crumbs;
}

export function ConsoleBreadcrumbs({ pathname, permissions }: { pathname: string; permissions: readonly string[] }) {
  return (
    <nav aria-label="当前位置" className="console__crumbs">
      <Breadcrumb items={consoleCrumbs(pathname, permissions)} />
    </nav>
  );
}
