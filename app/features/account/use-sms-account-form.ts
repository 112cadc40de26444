import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { showFieldErrors } from '#app/lib/form-rules.ts';
import type { HttpError } from '#app/lib/http.ts';
import { safeRedirect } from '#contract/redirect.ts';

/**
 * What registration and password reset do alike: on success, the login page with the phone filled
 * in and the success said there; on failure, the server's message beside its field, or above the form. The visitor's
 * redirect_uri goes along to every auth page they move on to.
 */
export function useSmsAccountForm<V extends { phone: string }>(form: FormInstance<V>, call: (values: V) => Promise<unknown>, successMessage: string) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const redirectUri = params.get('redirect_uri');
  const keep = redirectUri ? `redirect_uri=${encodeURIComponent(safeRedirect(redirectUri))}` : '';

  async function submit(values: V) {
    setBusy(true);
    setError('');
    try {
      await call(values);
      // Said by the login page: a toast would belong to this page, which is gone by the time it shows.
      await navigate(`/auth/login?phone=${values.phone}${keep ? `&${keep}` : ''}`, { state: { notice: successMessage } satisfies LoginArrival });
    } catch (e) {
      const err = e as HttpError;
      if (!showFieldErrors(form, err.fields)) setError(err.message);
      setBusy(false);
    }
  }

  /** An auth page's address that keeps the redirect. */
  const authHref = (path: string) => `${path}${keep ? `?${keep}` : ''}`;

  return { error, setError, busy, submit, authHref };
}

/** What the login page is told by the page that sent it there (router state, so not kept in the address). */
export interface LoginArrival {
  notice: string;
}
