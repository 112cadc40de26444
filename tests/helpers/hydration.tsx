import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { hydration } from './hydration-mock.ts';

/**
 * Markup tests of what is drawn before hydration: the page as the server writes it (`now` false)
 * and as antd draws it once hydrated (`now` true) must be the same, or it jumps under the user's
 * eyes. The test file mocks `useHydrated` with hydration-mock.ts.
 */
export function renderAt(now: boolean, node: ReactNode): string {
  hydration.now = now;
  try {
    return renderToStaticMarkup(<AntdProvider>{node}</AntdProvider>);
  } finally {
    hydration.now = false;
  }
}

/** [drawn before hydration, drawn by antd after]; `node` is asked for each, for a test that renders different components. */
export function renderBothWays(node: (now: boolean) => ReactNode): [string, string] {
  return [renderAt(false, node(false)), renderAt(true, node(true))];
}
