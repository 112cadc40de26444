import { useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { matchMenu, menus } from '#contract/menu.ts';
import type { RootData } from '#app/lib/root-data.ts';
import { CareModeSwitch } from './care-mode-switch.tsx';
import { Emblem } from './emblem.tsx';
import { SiteSearchBox } from './site-search-box.tsx';
import { SmartLink } from './smart-link.tsx';

/** Header of the default layout (docs/product.md §2): emblem, title, account actions and the top navigation. */
export function SiteHeader({ site, user }: Pick<RootData, 'site' | 'user'>) {
  const { pathname } = useLocation();
  const current = matchMenu(pathname);
  return (
    <header className="site-header">
      <div className="site-header__band">
        <div className="container site-header__bar">
          <a className="site-header__logo" href={site.govUrl} target="_blank" rel="noopener" title={`${site.govName}（在新窗口打开）`}>
            <Emblem />
            <span className="visually-hidden">{site.govName}（在新窗口打开）</span>
          </a>
          <div className="site-header__titles">
            <SmartLink to="/" className="site-header__title">
              {site.platformName}
            </SmartLink>
            <span className="site-header__subtitle">{site.govName} 主办</span>
          </div>
          <SiteSearchBox />
          <div className="site-header__account">
            <CareModeSwitch />
            {user ? <SignedIn nickName={user.nickName} unread={user.unread} /> : <SignedOut />}
          </div>
        </div>
      </div>
      <nav className="site-nav" aria-label="主导航">
        <ul className="container site-nav__list">
          {menus.map((menu) => {
            const active = current?.menuHref === menu.menuHref;
            return (
              <li key={menu.menuHref}>
                <SmartLink to={menu.menuHref} className={active ? 'site-nav__link is-active' : 'site-nav__link'} aria-current={active ? 'page' : undefined}>
                  {menu.menuName}
                </SmartLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}

function SignedOut() {
  return (
    <>
      <SmartLink to="/auth/login" className="btn btn--light">
        登录
      </SmartLink>
      <SmartLink to="/auth/register" className="btn btn--ghost-light">
        注册
      </SmartLink>
    </>
  );
}

function SignedIn({ nickName, unread }: { nickName: string; unread: number }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  // Logout (docs/product.md §4): the server revokes the tokens and clears the cookies; then home, fresh.
  // Through the shared client, loaded on the click: the header is on every public page, and none of
  // them should carry axios for a button most visits never press. Silent: the failure shows here.
  async function logout() {
    setState('busy');
    try {
      const { http } = await import('#app/lib/http.ts');
      await http.get('fykj/logout', undefined, { noRefresh: true, silent: true });
    } catch {
      setState('failed');
      return;
    }
    await navigate('/');
    await revalidator.revalidate();
    setState('idle');
  }

  return (
    <>
      <SmartLink to="/user" className="site-header__greeting" title={nickName}>
        您好，<span className="site-header__nick">{nickName}</span>
      </SmartLink>
      <SmartLink to="/user/messages" className="site-header__messages" title={unread ? `${unread} 条未读消息` : '站内消息'}>
        消息
        {unread > 0 && (
          <span className="site-header__unread">
            {unread > 99 ? '99+' : unread}
            <span className="visually-hidden"> 条未读</span>
          </span>
        )}
      </SmartLink>
      <span className="site-header__sep" aria-hidden="true" />
      <button type="button" className="site-header__logout" onClick={logout} disabled={state === 'busy'}>
        {state === 'busy' ? '正在退出…' : '退出登录'}
      </button>
      {state === 'failed' && (
        <span role="alert" className="site-header__error">
          退出失败，请检查网络后重试
        </span>
      )}
    </>
  );
}
