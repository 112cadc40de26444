import { AppstoreOutlined, BellOutlined, BookOutlined, FileDoneOutlined, IdcardOutlined, MessageOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router';
import { SmartLink } from '#app/components/smart-link.tsx';
import type { Route } from './+types/user';
import { FirstPaint } from '#app/components/antd-first-paint.tsx';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { antdLinks } from '#app/components/antd-styles.ts';
import { PageHeading } from '#app/components/page-heading.tsx';
import { requireUser } from '#app/lib/require-user.server.ts';
import enterpriseStyles from '#app/styles/enterprise.css?url';
import { pageMeta } from '#app/lib/meta.ts';

export const links: Route.LinksFunction = () => [...antdLinks(), { rel: 'stylesheet', href: enterpriseStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '用户中心');

/** The whole /user area needs an account (the 'auth' guard); each page's loader checks it too. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return { nickName: user.nickName };
}

const ICON = 'ant-menu-item-icon';
const MENU = [
  { key: '/user', label: '概览', icon: <AppstoreOutlined className={ICON} /> },
  { key: '/user/appeal', label: '我的诉求', icon: <MessageOutlined className={ICON} /> },
  { key: '/user/free-apply', label: '我的申报与免申即享', icon: <FileDoneOutlined className={ICON} /> },
  { key: '/user/profile', label: '企业画像', icon: <IdcardOutlined className={ICON} /> },
  { key: '/user/address-book', label: '我的通讯录', icon: <BookOutlined className={ICON} /> },
  { key: '/user/messages', label: '站内消息', icon: <BellOutlined className={ICON} /> },
];
/** antd's inline indent of a first-level item. */
const MENU_ITEM_STYLE = { paddingLeft: 24 };

/** /user/appeal/12 belongs to 我的诉求: the longest menu path the URL starts with. */
function selectedKey(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/user';
  return (
    MENU.map((m) => m.key)
      .filter((k) => path === k || path.startsWith(`${k}/`))
      .sort((a, b) => b.length - a.length)[0] ?? '/user'
  );
}

const TITLES: Record<string, string> = Object.fromEntries(MENU.map((m) => [m.key, m.label]));

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const key = selectedKey(pathname);
  return (
    <AntdProvider>
      <PageHeading crumbs={key === '/user' ? [{ label: '用户中心' }] : [{ label: '用户中心', to: '/user' }, { label: TITLES[key] }]} />
      <div className="user-centre">
        <aside className="card user-centre__side" aria-label="用户中心菜单">
          <div className="user-centre__who">
            <div className="user-centre__avatar" aria-hidden="true">
              {Array.from(loaderData.nickName)[0] ?? '企'}
            </div>
            <div className="user-centre__name" title={loaderData.nickName}>
              {loaderData.nickName}
            </div>
            <div className="user-centre__role">企业用户</div>
          </div>
          {/* antd's Menu markup and classes without the Menu: it cost a logged-in render more than the
              rest of the page (it renders every item twice, once hidden, to measure overflow), and
              these links need none of its behaviour. */}
          <nav>
            <ul className="ant-menu ant-menu-root ant-menu-inline ant-menu-light user-centre__menu portal ant-menu-css-var">
              {MENU.map((m) => (
                <li key={m.key} className={m.key === key ? 'ant-menu-item ant-menu-item-selected' : 'ant-menu-item'} style={MENU_ITEM_STYLE}>
                  {m.icon}
                  <span className="ant-menu-title-content">
                    <SmartLink to={m.key} aria-current={m.key === key ? 'page' : undefined}>
                      {m.label}
                    </SmartLink>
                  </span>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <div className="user-centre__main">
          {/* The pages' buttons are drawn as antd's markup until hydration (antd-first-paint.tsx). */}
          <FirstPaint>
            <Outlet />
          </FirstPaint>
        </div>
      </div>
    </AntdProvider>
  );
}
