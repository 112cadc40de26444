import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/oauth2';
import { accountApi, SSO_RETURN_KEY } from '#app/features/account/account-api.ts';
import type { HttpError } from '#app/lib/http.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { safeRedirect } from '#contract/redirect.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '统一身份认证登录');

/** The provider's refusals (RFC 6749 §4.1.2.1) in words a user can act on. */
function providerError(code: string): string {
  return code === 'access_denied' ? '您在统一身份认证平台取消了授权，未能登录。' : '统一身份认证平台未能完成登录，请重新登录。';
}

/**
 * /oauth2 (docs/product.md §2): the provider sends the browser back here with `code` and `state`; the code is
 * exchanged through `uaa/api/ua/login/sso/auth`, then the browser goes to the saved redirect_uri or /.
 */
export default function OAuth2Callback() {
  const [error, setError] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error') || !code || !state) {
      setError(params.get('error') ? providerError(params.get('error')!) : '登录链接不完整或已失效，请重新登录。');
      return;
    }
    const target = safeRedirect(sessionStorage.getItem(SSO_RETURN_KEY));
    accountApi
      .ssoFinish({ code, state, iss: params.get('iss') })
      .then(() => {
        sessionStorage.removeItem(SSO_RETURN_KEY);
        window.location.replace(target);
      })
      .catch((e: HttpError) => setError(e.message));
  }, []);

  if (error) {
    return (
      <div role="alert">
        <div className="oauth2-mark" aria-hidden="true">
          !
        </div>
        <h1>统一身份认证登录未完成</h1>
        <p>{error}</p>
        <Link to="/auth/login" className="btn btn--primary">
          返回登录
        </Link>
      </div>
    );
  }
  return (
    <div aria-live="polite">
      <div className="oauth2-spinner" aria-hidden="true" />
      <h1>正在通过统一身份认证登录</h1>
      <p>请稍候，完成后将自动跳转</p>
    </div>
  );
}
