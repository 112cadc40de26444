import type { LoginRequest, RegistryRequest, SmsRequest, TokenPair, ForgotPasswordRequest } from '#contract/account.ts';
import { http } from '#app/lib/http.ts';

/**
 * The account calls of the pages (docs/product.md §7 "Authentication"). Failures come back as HttpError
 * without a toast: the forms show them in place, under the field or above the button.
 */
const quiet = { silent: true, noRefresh: true } as const;

export const accountApi = {
  login: (body: LoginRequest) => http.post<TokenPair>('fykj/en-login', body, quiet),
  sendSms: (body: SmsRequest) => http.post<null>('fykj/sms', body, quiet),
  register: (body: RegistryRequest) => http.post<null>('fykj/registry', body, quiet),
  resetPassword: (body: ForgotPasswordRequest) => http.post<null>('fykj/forgot-password', body, quiet),
  refresh: () => http.post<TokenPair>('uaa/api/refresh-token', {}, quiet),
  logout: () => http.get<null>('fykj/logout', undefined, quiet),
  ssoAuthorizeUrl: (redirectUri: string) => http.get<string>('uaa/api/ua/login/sso/authorize-uri', { redirectUri }, quiet),
  ssoFinish: (body: { code: string; state: string; iss?: string | null }) => http.post<TokenPair>('uaa/api/ua/login/sso/auth', body, quiet),
};

/** Where /oauth2 goes after single sign-on: kept in this tab while the browser visits the provider. */
export const SSO_RETURN_KEY = 'portal:sso-return';
