import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorFallback, ErrorPage, errorTextOf } from './error-page.tsx';

describe('error page texts (docs/product.md §2)', () => {
  it('404: page does not exist, back home', () => {
    const html = renderToStaticMarkup(<ErrorPage status={404} />);
    expect(html).toContain('404');
    expect(html).toContain('页面不存在');
    expect(html).toContain('This page could not be found');
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>返回首页<\/a>/);
  });
  it('401: no permission, back home', () => {
    const html = renderToStaticMarkup(<ErrorPage status={401} />);
    expect(html).toContain('对不起，您没有权限访问');
    expect(html).toContain('返回首页');
  });
  it('500: server error, the button reloads', () => {
    const html = renderToStaticMarkup(<ErrorPage status={500} />);
    expect(html).toContain('服务器内部错误，请稍后访问');
    expect(html).toMatch(/<button [^>]*>刷新页面<\/button>/);
    expect(errorTextOf(503).action).toBe('reload');
  });
  it('the fallback links home', () => {
    expect(renderToStaticMarkup(<ErrorFallback />)).toMatch(/<a href="\/">返回首页<\/a>/);
  });
});
