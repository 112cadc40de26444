import { Component, useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '#app/lib/chunk-reload.ts';
import { reloadForChunkError } from './client-effects.tsx';

/** The texts and buttons of docs/product.md §2, by status. */
interface ErrorText {
  message: string;
  secondary?: string;
  action: 'home' | 'reload';
}

export function errorTextOf(status: number): ErrorText {
  if (status === 404) return { message: '页面不存在', secondary: 'This page could not be found', action: 'home' };
  if (status === 401 || status === 403) return { message: '对不起，您没有权限访问', action: 'home' };
  if (status >= 500) return { message: '服务器内部错误，请稍后访问', action: 'reload' };
  return { message: '请求有误，请检查链接后重试', action: 'home' };
}

/** The HTTP status an error stands for: a route error response keeps its own, anything else is 500. */
export function statusOfError(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

/** A status, its sentence and the button; pure markup so it can hardly fail itself. */
export function ErrorPage({ status }: { status: number }) {
  const text = errorTextOf(status);
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <p className="error-page__status">{status}</p>
      <h1 id="error-page-title" className="error-page__message">
        {text.message}
      </h1>
      {text.secondary && <p className="error-page__secondary">{text.secondary}</p>}
      {text.action === 'home' ? (
        <a className="btn btn--primary btn--large" href="/">
          返回首页
        </a>
      ) : (
        <button type="button" className="btn btn--primary btn--large" onClick={() => window.location.reload()}>
          刷新页面
        </button>
      )}
    </section>
  );
}

/** Last resort when the error page itself cannot render (docs/product.md §2). */
export function ErrorFallback() {
  return (
    <div className="error-fallback" role="alert">
      <p>页面出现了问题，请稍后再试。</p>
      <a href="/">返回首页</a>
    </div>
  );
}

class Guard extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

/** What a route's ErrorBoundary renders: the error page for the thrown status, guarded by the fallback. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) reloadForChunkError();
  }, [chunkError]);
  let status = 500;
  try {
    status = statusOfError(error);
  } catch {
    return <ErrorFallback />;
  }
  return (
    <Guard>
      <ErrorPage status={status} />
    </Guard>
  );
}
