import { Layout } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { consoleMenu } from '#contract/console-menu.ts';
import { renderBothWays } from '#tests/helpers/hydration.tsx';
import { ConsoleMenu, type ConsoleMenuProps } from './console-menu.tsx';

// The sider is drawn from plain elements until the page hydrates, then antd's Menu takes over: the
// two must write the same markup, or the menu would jump under the user's eyes.
vi.mock('#app/lib/use-hydrated.ts', () => import('#tests/helpers/hydration-mock.ts'));

/** Every permission a menu entry asks for: a person who sees the whole menu. */
const everything = [...new Set(consoleMenu.flatMap((e) => (typeof e.permission === 'string' ? [e.permission] : e.permission)))];

function both(props: ConsoleMenuProps): [string, string] {
  // In the sider, as the layout has it: antd's Menu takes its folding from the Sider.
  const element = (
    <Layout.Sider collapsed={props.collapsed} trigger={null}>
      <ConsoleMenu {...props} />
    </Layout.Sider>
  );
  const [drawn, antd] = renderBothWays(() => <RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: [props.selectedKey || '/console'] })} />);
  // rc-menu numbers its entries with an id of its own (data-menu-id) for its keyboard moves; the drawn menu needs none.
  return [drawn, antd.replace(/ data-menu-id="[^"]*"/g, '')];
}

describe('the console menu drawn before hydration', () => {
  it('writes antd Menu’s markup for the whole menu, open, with an entry in a group selected', () => {
    const [drawn, antd] = both({ permissions: everything, selectedKey: '/console/appeal', collapsed: false });
    expect(drawn).toBe(antd);
    expect(drawn).toContain('ant-menu-item-group-title');
    expect(drawn).toContain('ant-menu-item ant-menu-item-selected');
  });

  it('writes antd Menu’s markup when the sider is folded: icons, the groups set apart by lines', () => {
    const [drawn, antd] = both({ permissions: everything, selectedKey: '/console', collapsed: true });
    expect(drawn).toBe(antd);
    expect(drawn).toContain('ant-menu-inline-collapsed');
    expect(drawn).toContain('ant-menu-item-divider');
  });

  it('shows only the entries the person may open, and selects none outside them', () => {
    const [drawn, antd] = both({ permissions: ['audit:log:view'], selectedKey: '', collapsed: false });
    expect(drawn).toBe(antd);
    expect(drawn).toContain('审计日志');
    expect(drawn).not.toContain('诉求工单');
    expect(drawn).not.toContain('ant-menu-item-selected');
  });
});
