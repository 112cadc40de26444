import { LogoutOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Tag } from 'antd';
import { Link, Outlet, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/console';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { CareModeSwitch } from '#app/components/care-mode-switch.tsx';
import { SkipLink } from '#app/components/skip-link.tsx';
import { antdLinks } from '#app/components/antd-styles.ts';
import { CONSOLE_MENU_GROUPS, menuFor } from '#contract/console-menu.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsoleErrorPage } from '#app/features/console/console-error.tsx';
import consoleStyles from '#app/features/console/console.css?url';
import { requireStaff } from '#app/features/console/require-staff.server.ts';
import { useIdleLimit } from '#app/features/console/use-idle-limit.ts';
import { useRootData } from '#app/lib/root-data.ts';

export const links: Route.LinksFunction = () => [...antdLinks(), { rel: 'stylesheet', href: consoleStyles }];

/** The signed-in staff member for the header and the menu; nobody → the console's login page. */
export async function loader(args: Route.LoaderArgs) {
  const staff = requireStaff(args);
  return { me: await args.context.services.consoleAuth.me(staff) };
}

export type ConsoleLayoutData = Awaited<ReturnType<typeof loader>>;

/** The console's data for any page below it (name, roles, permissions). */
export function useConsoleMe() {
  return useRouteLoaderData<ConsoleLayoutData>('routes/console')?.me;
}

/** The sider's entries: the person's menu entries by group, the dashboard first. */
function menuItems(permissions: readonly string[]) {
  const entries = menuFor(permissions);
  return [
    { key: '/console', label: <Link to="/console">工作台</Link> },
    ...CONSOLE_MENU_GROUPS.map((group) => ({
      type: 'group' as const,
      key: group,
      label: group,
      children: entries.filter((e) => e.group === group).map((e) => ({ key: e.path, label: <Link to={e.path}>{e.label}</Link> })),
    })).filter((g) => g.children.length),
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

function Chrome({ me, children }: { me: ConsoleLayoutData['me'] | undefined; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const site = useRootData()?.site;
  useIdleLimit(me?.idleMinutes ?? 15);
  return (
    <AntdProvider>
      <SkipLink />
      <Layout className="console">
        <Layout.Sider width={220} theme="dark">
          <div className="console__brand">
            <div>
              管理后台
              <small>{site?.platformName}</small>
            </div>
          </div>
          {me && !me.mustChangePassword && (
            <nav aria-label="控制台菜单">
              <Menu theme="dark" mode="inline" selectedKeys={[selectedKey(pathname, me.permissions)]} items={menuItems(me.permissions)} />
            </nav>
          )}
        </Layout.Sider>
        <Layout>
          <Layout.Header className="console__header">
            <CareModeSwitch className="care-switch care-switch--light" />
            {me && (
              <div className="console__who">
                <span>
                  <strong>{me.name}</strong>
                  {me.department ? ` · ${me.department.name}` : ''}
                </span>
                {me.roleNames.map((r) => (
                  <Tag key={r} color="blue">
                    {r}
                  </Tag>
                ))}
                <Link to="/console/password">修改密码</Link>
                <Button icon={<LogoutOutlined />} onClick={logout}>
                  退出
                </Button>
              </div>
            )}
          </Layout.Header>
          <Layout.Content id="main" className="console__content">
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
    <Chrome me={loaderData.me}>
      <Outlet />
    </Chrome>
  );
}

/** A page's 403 / 404 / 500 shows inside the console's frame. */
export function ErrorBoundary() {
  const me = useConsoleMe();
  return (
    <Chrome me={me}>
      <ConsoleErrorPage />
    </Chrome>
  );
}
