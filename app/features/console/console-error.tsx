import { Button } from 'antd';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { errorTextOf } from '#app/components/error-page.tsx';

/**
 * A console page's error inside the console layout, in the wording of docs/product.md §2 (401/403: 对不起，您没有
 * 权限访问); the button goes back to the console's home, not the public site.
 */
export function ConsoleErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text = errorTextOf(status);
  return (
    <section className="console-error" aria-labelledby="console-error-title">
      <p className="console-error__status">{status}</p>
      <h1 id="console-error-title">{text.message}</h1>
      {text.secondary && <p>{text.secondary}</p>}
      {text.action === 'home' ? (
        <Link to="/console">
          <Button type="primary" size="large">
            返回工作台
          </Button>
        </Link>
      ) : (
        <Button type="primary" size="large" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      )}
    </section>
  );
}
