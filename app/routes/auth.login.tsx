import { useEffect, useState } from 'react';
import { data, Link, redirect, useLocation, useSearchParams } from 'react-router';
import type { Route } from './+types/auth.login';
import { accountApi, SSO_RETURN_KEY } from '#app/features/account/account-api.ts';
import { CaptchaImage, useCaptcha } from '#app/features/account/captcha.tsx';
import { TextField } from '#app/features/account/text-field.tsx';
import type { LoginArrival } from '#app/features/account/use-sms-account-form.ts';
import { announce, errorSentence } from '#app/lib/announce.ts';
import { zodMessage } from '#app/lib/form-rules.ts';
import type { HttpError } from '#app/lib/http.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { loginSchema } from '#contract/account.ts';
import { safeRedirect } from '#contract/redirect.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '登录');

/** Someone already signed in goes straight on to where the login would have taken them. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const target = safeRedirect(url.searchParams.get('redirect_uri'));
  if (context.user) throw redirect(target);
  // A provider that does not answer: the button says so instead of sending the user to an error,
  // and the page cache does not keep that answer, so the provider's return shows at once.
  const ssoAvailable = context.site.ssoEnabled && (await context.services.sso.available());
  const outage = context.site.ssoEnabled && !ssoAvailable;
  return data({ ssoEnabled: context.site.ssoEnabled, ssoAvailable }, outage ? { headers: { 'Cache-Control': 'no-store' } } : undefined);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const FIELDS = ['loginName', 'password', 'code'] as const;
type Field = (typeof FIELDS)[number];
/** What the contract says of each field left empty. */
const REQUIRED = Object.fromEntries(FIELDS.map((f) => [f, zodMessage(loginSchema.shape[f], '')])) as Record<Field, string>;

/**
 * 企业用户登录 (docs/product.md §2–§4): phone, password and image captcha; honours redirect_uri.
 * Plain form controls styled like the rest, not antd: antd's Form, Input and Button with its
 * provider cost ~130 KB of gzipped script, which would put this page over its 200 KB budget.
 */
export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const notice = (useLocation().state as Partial<LoginArrival> | null)?.notice;
  const target = safeRedirect(params.get('redirect_uri'));
  const captcha = useCaptcha();
  const [values, setValues] = useState<Record<Field, string>>({ loginName: params.get('phone') ?? '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const keep = params.get('redirect_uri') ? `?redirect_uri=${encodeURIComponent(target)}` : '';

  // What a person typed before the scripts took over is in the inputs but not in the state, and
  // the first render would wipe it: keep it.
  useEffect(() => {
    setValues((v) => {
      const typed = { ...v };
      for (const field of FIELDS) {
        const input = document.getElementById(`login-${field}`) as HTMLInputElement | null;
        if (input?.value && !v[field]) typed[field] = input.value;
      }
      return typed;
    });
  }, []);

  // Sent here by registration or a password reset with the phone filled in, and the button that was
  // pressed gone with its page: the focus goes to the password, which is what comes next (only when
  // the visitor has not already moved it somewhere), and what was done is said.
  useEffect(() => {
    if (params.get('phone') && document.activeElement === document.body) document.getElementById('login-password')?.focus();
    if (notice) announce(notice);
    // On arrival only.
  }, []);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = Object.fromEntries(FIELDS.filter((f) => !values[f].trim()).map((f) => [f, REQUIRED[f]]));
    setErrors(missing);
    if (Object.keys(missing).length) {
      document.getElementById(`login-${Object.keys(missing)[0]}`)?.focus();
      announce(errorSentence(Object.values(missing)));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await accountApi.login({ loginName: values.loginName.trim(), password: values.password, code: values.code.trim(), uuid: captcha.uuid ?? '' });
      // A full load: the header, the guards and every loader run again as the signed-in user.
      window.location.replace(target);
    } catch (e) {
      const err = e as HttpError;
      const fields = Object.fromEntries(Object.entries(err.fields).filter(([name]) => name in REQUIRED));
      if (Object.keys(fields).length) setErrors(fields);
      else setError(err.message);
      announce(Object.keys(fields).length ? errorSentence(Object.values(fields)) : err.message);
      captcha.refresh();
      setValues((v) => ({ ...v, code: '' }));
      setBusy(false);
    }
  }

  async function sso() {
    setError('');
    try {
      sessionStorage.setItem(SSO_RETURN_KEY, target);
      window.location.assign(await accountApi.ssoAuthorizeUrl(`${window.location.origin}/oauth2`));
    } catch (e) {
      setError((e as HttpError).message);
      announce((e as HttpError).message);
    }
  }

  return (
    <>
      <h2 className="auth-form__title">企业用户登录</h2>
      <p className="auth-form__subtitle">使用注册时的手机号和密码登录</p>
      {notice && !error && <div className="auth-form__notice">{notice}</div>}
      {error && (
        <div className="auth-form__error">
          {error}
        </div>
      )}
      <form className="auth-plain-form" onSubmit={submit} noValidate>
        <TextField
          id="login-loginName"
          label="手机号"
          placeholder="手机号"
          value={values.loginName}
          onChange={set('loginName')}
          error={errors.loginName}
          autoComplete="username"
          inputMode="numeric"
          maxLength={11}
        />
        <TextField
          id="login-password"
          label="密码"
          placeholder="密码"
          type="password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          autoComplete="current-password"
          maxLength={20}
        />
        <TextField
          id="login-code"
          label="图形验证码"
          placeholder="图形验证码"
          value={values.code}
          onChange={set('code')}
          error={errors.code}
          autoComplete="off"
          maxLength={6}
        >
          <CaptchaImage uuid={captcha.uuid} onRefresh={captcha.refresh} />
        </TextField>
        <button type="submit" className="auth-button auth-button--primary" disabled={busy} aria-busy={busy}>
          {busy ? '正在登录…' : '登录'}
        </button>
      </form>
      <div className="auth-form__links">
        <Link to={`/auth/reset-password${keep}`}>忘记密码？</Link>
        <span>
          还没有账号？<Link to={`/auth/register${keep}`}>立即注册</Link>
        </span>
      </div>
      {loaderData.ssoEnabled && (
        <>
          <div className="auth-form__or">或</div>
          {loaderData.ssoAvailable ? (
            <button type="button" className="auth-button" onClick={sso}>
              统一身份认证登录
            </button>
          ) : (
            <button type="button" className="auth-button auth-button--unavailable" disabled aria-describedby="sso-unavailable">
              统一身份认证暂不可用
            </button>
          )}
          {!loaderData.ssoAvailable && (
            <p id="sso-unavailable" className="auth-form__hint">
              统一身份认证服务暂时无法访问，请使用手机号和密码登录，或稍后刷新页面再试。
            </p>
          )}
        </>
      )}
    </>
  );
}
