import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { Envelope } from '#contract/envelope.ts';
import { notify } from '#app/lib/feedback.ts';
import { HTTP_TIMEOUT_MS, HttpError, toHttpError, UPLOAD_TIMEOUT_MS, type Options } from '#app/lib/http.ts';

/**
 * The console's one HTTP client (`/console/api`): the same envelope rules as app/lib/http.ts
 * (timeout, unwrapping, failures shown once), its own cookies (path /console), and on 401 one
 * refresh through `/console/api/auth/refresh`; failing that, the console's login page.
 */
const client = axios.create({ baseURL: '/console/api/', timeout: HTTP_TIMEOUT_MS, withCredentials: true });

let refreshing: Promise<boolean> | null = null;

function refreshTokens(): Promise<boolean> {
  refreshing ??= client
    .post<Envelope<unknown>>('auth/refresh', {})
    .then((r) => r.data.code === 0)
    .catch(() => false)
    .finally(() => setTimeout(() => (refreshing = null), 0));
  return refreshing;
}

/** Where someone who must change the password first is sent. */
export const PASSWORD_PATH = '/console/password';

/** The console's login page, coming back here afterwards. */
export function consoleLoginUrl(fullPath: string, reason?: 'idle'): string {
  const back = fullPath.startsWith('/console') && !fullPath.startsWith('/console/login') ? `redirect_uri=${encodeURIComponent(fullPath)}` : '';
  const query = [back, reason ? `reason=${reason}` : ''].filter(Boolean).join('&');
  return `/console/login${query ? `?${query}` : ''}`;
}

/** Listeners told of every call (the idle timer restarts, as the server's limit does). */
const activity = new Set<() => void>();
export function onConsoleActivity(listener: () => void): () => void {
  activity.add(listener);
  return () => activity.delete(listener);
}

export async function consoleRequest<T>(config: AxiosRequestConfig, opts: Options = {}): Promise<T> {
  activity.forEach((l) => l());
  try {
    let res: AxiosResponse<Envelope<T>>;
    try {
      res = await client.request<Envelope<T>>(config);
    } catch (err) {
      const e = toHttpError(err);
      if (e.code !== 401 || opts.noRefresh) throw e;
      if (!(await refreshTokens())) {
        if (typeof window !== 'undefined') window.location.assign(consoleLoginUrl(window.location.pathname + window.location.search));
        throw e;
      }
      res = await client.request<Envelope<T>>(config);
    }
    if (res.data.code !== 0) throw new HttpError(res.data.code, res.data.msg, res.data.data);
    return res.data.data;
  } catch (err) {
    const e = toHttpError(err);
    if (!opts.silent) notify('error', e.message);
    throw e;
  }
}

export const consoleHttp = {
  get: <T>(url: string, params?: object, opts?: Options) => consoleRequest<T>({ method: 'GET', url, params }, opts),
  post: <T>(url: string, body?: unknown, opts?: Options) => consoleRequest<T>({ method: 'POST', url, data: body }, opts),
  /** Multipart upload with progress (0–100), 60 s timeout, as the portal's. */
  upload: <T>(url: string, form: FormData, onProgress?: (percent: number) => void, signal?: AbortSignal, opts?: Options) =>
    consoleRequest<T>(
      { method: 'POST', url, data: form, timeout: UPLOAD_TIMEOUT_MS, signal, onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0) },
      opts,
    ),
};
