import { Button } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AntdProvider } from './antd-provider.tsx';

describe('antd under the portal provider', () => {
  it('a busy button says in Chinese that it is working, and drops the spinner when done', () => {
    const busy = renderToStaticMarkup(<AntdProvider><Button loading>登录</Button></AntdProvider>);
    expect(busy).toContain('aria-label="正在处理"');
    expect(busy).not.toContain('aria-label="loading"');
    const idle = renderToStaticMarkup(<AntdProvider><Button>登录</Button></AntdProvider>);
    expect(idle).not.toContain('正在处理');
    expect(idle).not.toContain('anticon-loading');
  });
});
