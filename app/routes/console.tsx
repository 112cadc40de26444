import { BankOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Menu } from 'antd';
import { useState } from 'react';
import { Link, Outlet, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/console';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { PlainTag } from '#app/components/plain-antd.tsx';
import { CareModeSwitch } from '#app/components/care-mode-switch.tsx';
import { SkipLink } from '#app/components/skip-link.tsx';
import { antdLinks } from '#app/components/antd-styles.ts';
import { CONSOLE_MENU_GROUPS, CONSOLE_SIDER_COOKIE, menuFor, siderCollapsedOf } from '#contract/console-menu.ts';
import { ConsoleBreadcrumbs } from '#app/features/console/breadcrumbs.tsx';
import { MENU_ICONS } from '#app/features/console/menu-icons.tsx';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsoleErrorPage } from '#app/features/console/console-error.tsx';
import consoleStyles from '#app/features/console/console.css?url';
import { requireStaff } from '#app/features/console/require-staff.server.ts';
import { useIdleLimit } from '#app/features/console/use-idle-limit.ts';
import { useRootData } from '#app/lib/root-data.ts';

export const links: Route.LinksFunction = () => [...antdLinks(), { rel: 'stylesheet', href: consoleStyles }];

/**
 * The signed-in staff member for the header and the menu; nobody → the console's login page. The
 * sider's state comes from its cookie (no query), so the first paint has it.
 */
export async function loader(args: Route.LoaderArgs) {
  const staff = requireStaff(args);
  return { me: await args.context.services.consoleAuth.me(staff), siderCollapsed: siderCollapsedOf(args.request.headers.get('cookie')) };
}

export type ConsoleLayoutData = Awaited<ReturnType<typeof loader>>;

/** The console's data for any page below it (name, roles, permissions). */
export function useConsoleMe() {
  return useRouteLoaderData<ConsoleLayoutData>('routes/console')?.me;
}

/**
 * The sider's entries: the person's menu entries by group, the dashboard first. Folded, the group
 * titles would be cut to two characters: the groups are set apart by a line instead.
 */
function menuItems(permissions: readonly string[], collapsed: boolean) {
  const entries = menuFor(permissions);
  const groups = CONSOLE_MENU_GROUPS.map((group) => ({
    group,
    children: entries.filter((e) => e.group === group).map((e) => ({ key: e.path, icon: MENU_ICONS[e.path], label: <Link to={e.path}>{e.label}</Link> })),
  })).filter((g) => g.children.length);
  return [
    { key: '/console', icon: MENU_ICONS['/console'], label: <Link to="/console">工作台</Link> },
    ...(collapsed
      ? groups.flatMap((g) => [{ type: 'divider' as const, key: `${g.group}-line` }, ...g.children])
      : groups.map((g) => ({ type: 'group' as const, key: g.group, label: g.group, children: g.children }))),
  ];
}

function selectedKey(pathname: string, permissions: readonly string[]): string {
  const match = menuFor(permissions)
    .map((e) => e.path)
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
  // An address outside the person's menu (a 404, a 403) highlights nothing rather than 工作台.
  return match ?? (pathname === '/console' || pathname === '/console/' ? '/console' : '');
}

async function logout() {
  try {
    await consoleHttp.get('auth/logout', undefined, { silent: true, noRefresh: true });
  } finally {
    window.location.assign('/console/login');
  }
}

/** A year: the sider's state is a standing preference of this browser. */
const SIDER_COOKIE_MAX_AGE = 365 * 24 * 3600;

function Chrome({ me, siderCollapsed, children }: { me: ConsoleLayoutData['me'] | undefined; siderCollapsed: boolean; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const site = useRootData()?.site;
  const [collapsed, setCollapsed] = useState(siderCollapsed);
  useIdleLimit(me?.idleMinutes ?? 15);
  const toggle = () => {
    setCollapsed(!collapsed);
    document.cookie = `${CONSOLE_SIDER_COOKIE}=${collapsed ? 'open' : 'collapsed'}; Path=/console; Max-Age=${SIDER_COOKIE_MAX_AGE}; SameSite=Lax`;
  };
  return (
    <AntdProvider>
      <SkipLink />
      <Layout className="console">
        <Layout.Sider width={220} collapsedWidth={64} collapsed={collapsed} trigger={null} theme="dark">
          <div className="console__brand" title={collapsed ? `管理后台 · ${site?.platformName ?? ''}` : undefined}>
            <BankOutlined className="console__brand-icon" aria-hidden />
            {!collapsed && (
              <div>
                管理后台
                <small title={site?.platformName}>{site?.platformName}</small>
              </div>
            )}
          </div>
          {me && !me.mustChangePassword && (
            <nav aria-label="控制台菜单">
              <Menu theme="dark" mode="inline" selectedKeys={[selectedKey(pathname, me.permissions)]} items={menuItems(me.permissions, collapsed)} />
            </nav>
          )}
        </Layout.Sider>
        <Layout>
          <Layout.Header className="console__header">
            <div className="console__header-start">
              <Button type="text" icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={toggle} aria-label={collapsed ? '展开菜单' : '收起菜单'} aria-expanded={!collapsed} />
              <CareModeSwitch className="care-switch care-switch--light" />
            </div>
            {me && (
              <div className="console__who">
                <span>
                  <strong>{me.name}</strong>
                  {me.department ? ` · ${me.department.name}` : ''}
                </span>
                {me.roleNames.map((r) => (
                  <PlainTag key={r} color="blue">
                    {r}
                  </PlainTag>
                ))}
                <Link to="/console/password">修改密码</Link>
                <Button icon={<LogoutOutlined />} onClick={logout}>
                  退出
                </Button>
              </div>
            )}
          </Layout.Header>
          <Layout.Content id="main" className="console__content">
            {me && !me.mustChangePassword && <ConsoleBreadcrumbs pathname={pathname} permissions={me.permissions} />}
            {children}
          </Layout.Content>
        </Layout>
      </Layout>
    </AntdProvider>
  );
}

/**
 * The console layout (docs/console.md "Where it lives"): a sider menu built from the person's
 * permissions (contract/console-menu.ts), a header with name, department, roles and logout.
 */
export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Chrome me={loaderData.me} siderCollapsed={loaderData.siderCollapsed}>
      <Outlet />
    </Chrome>
  );
}

/** A page's 403 / 404 / 500 shows inside the console's frame. */
export function ErrorBoundary() {
  const layout = useRouteLoaderData<ConsoleLayoutData>('routes/console');
  return (
    <Chrome me={layout?.me} siderCollapsed={layout?.siderCollapsed ?? false}>
      <ConsoleErrorPage />
    </Chrome>
  );
}
