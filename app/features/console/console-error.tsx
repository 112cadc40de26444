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
  // The public page's second line is English; staff get a sentence they can act on instead.
  const hint = status === 404 ? '地址可能有误，或该页面已经移动。请从左侧菜单进入需要的功能。' : status === 403 ? '如需使用该功能，请联系系统管理员分配相应角色。' : null;
  return (
    <section className="console-error" aria-labelledby="console-error-title">
      <p className="console-error__status">{status}</p>
      <h1 id="console-error-title">{text.message}</h1>
      {hint && <p>{hint}</p>}
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
