import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { Envelope } from '#contract/envelope.ts';
import { notify } from './feedback.ts';
import { loginUrl } from './redirect.ts';

/**
 * The one HTTP client of the pages (docs/product.md §9, docs/architecture.md): timeout 20 s (uploads 60 s with
 * progress), envelope unwrapping, one refresh-and-retry on 401, failures shown once through the
 * debounced message. Callers get `data` or an HttpError whose `code` they may switch on.
 */
const HTTP_TIMEOUT_MS = 20_000;
const UPLOAD_TIMEOUT_MS = 60_000;

export class HttpError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
  /** Field messages of a validation failure (docs/api.md `data.fields`). */
  get fields(): Record<string, string> {
    const d = this.data as { fields?: Record<string, string> } | null;
    return d?.fields ?? {};
  }
}

export interface Options {
  /** Do not show the failure message (the caller shows it in place, e.g. under a field). */
  silent?: boolean;
  /** Do not try a token refresh on 401 (the refresh call itself, login). */
  noRefresh?: boolean;
}

function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof AxiosError) {
    const env = err.response?.data as Partial<Envelope<unknown>> | undefined;
    if (env && typeof env.code === 'number' && typeof env.msg === 'string') return new HttpError(env.code, env.msg, env.data ?? null);
    if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') return new HttpError(408, '请求超时，请检查网络后重试');
    if (!err.response) return new HttpError(0, '网络连接失败，请检查网络后重试');
    return new HttpError(err.response.status, err.response.status >= 500 ? '服务器内部错误，请稍后访问' : '请求失败，请稍后重试');
  }
  return new HttpError(500, '操作失败，请稍后重试');
}

export interface HttpClientSettings {
  /** Where the calls go: '/' for the portal, '/console/api/' for the console (own cookies). */
  baseURL: string;
  /** The refresh call, relative to baseURL: tried once on a 401, shared by concurrent callers. */
  refreshPath: string;
  /** Where to go when the refresh fails too, coming back to this page afterwards. */
  loginUrl: (back: string) => string;
  /** Told of every call (the console's idle timer restarts, as the server's limit does). */
  onRequest?: () => void;
}

/**
 * One client per audience, with the same envelope rules: the portal's below, the console's in
 * app/features/console/console-http.ts.
 */
export function createHttpClient({ baseURL, refreshPath, loginUrl: toLogin, onRequest }: HttpClientSettings) {
  const client = axios.create({ baseURL, timeout: HTTP_TIMEOUT_MS, withCredentials: true });
  let refreshing: Promise<boolean> | null = null;

  /** One refresh at a time, whoever asks; true when new tokens are in the cookies. */
  function refreshTokens(): Promise<boolean> {
    refreshing ??= client
      .post<Envelope<unknown>>(refreshPath, {})
      .then((r) => r.data.code === 0)
      .catch(() => false)
      .finally(() => setTimeout(() => (refreshing = null), 0));
    return refreshing;
  }

  async function request<T>(config: AxiosRequestConfig, opts: Options = {}): Promise<T> {
    onRequest?.();
    try {
      let res: AxiosResponse<Envelope<T>>;
      try {
        res = await client.request<Envelope<T>>(config);
      } catch (err) {
        const e = toHttpError(err);
        if (e.code !== 401 || opts.noRefresh) throw e;
        // Expired access token: refresh once and retry; failing that, log in again.
        if (!(await refreshTokens())) {
          if (typeof window !== 'undefined') window.location.assign(toLogin(window.location.pathname + window.location.search));
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

  return {
    get: <T>(url: string, params?: object, opts?: Options) => request<T>({ method: 'GET', url, params }, opts),
    post: <T>(url: string, body?: unknown, opts?: Options) => request<T>({ method: 'POST', url, data: body }, opts),
    /** Multipart upload with progress (0–100), 60 s timeout. */
    upload: <T>(url: string, form: FormData, onProgress?: (percent: number) => void, signal?: AbortSignal, opts?: Options) =>
      request<T>(
        {
          method: 'POST',
          url,
          data: form,
          timeout: UPLOAD_TIMEOUT_MS,
          signal,
          onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
        },
        opts,
      ),
  };
}

export const http = createHttpClient({ baseURL: '/', refreshPath: 'uaa/api/refresh-token', loginUrl });
