import { Menu } from 'antd';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CONSOLE_MENU_GROUPS, menuFor } from '#contract/console-menu.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { MENU_ICONS } from './menu-icons.tsx';

/**
 * The console's sider menu. antd's Menu cost every console page about a fifth of its render on the
 * server (rc-menu's context, overflow and path registration per entry) for links nobody can use
 * before the page hydrates. So until then it is drawn as antd's own markup from plain elements,
 * and antd's Menu takes over once hydrated (keyboard moves, the collapsed sider's tooltips).
 * console-menu.test.tsx holds the drawing to antd's markup, so an upgrade that changes it fails
 * there. docs/decisions.md "Console lists drawn before antd".
 */

/**
 * The person's entries as antd's Menu items, 工作台 first, then by group. Folded, the group titles
 * would be cut to two characters: the groups are set apart by a line instead.
 */
function menuItems(permissions: readonly string[], collapsed: boolean) {
  const entries = menuFor(permissions);
  const groups = CONSOLE_MENU_GROUPS.map((group) => ({
    group,
    children: entries.filter((e) => e.group === group).map((e) => ({ key: e.path, icon: MENU_ICONS[e.path], label: <Link to={e.path}>{e.label}</Link> })),
  })).filter((g) => g.children.length);
  return [
    { key: '/console', icon: MENU_ICONS['/console'], label: <Link to="/console">工作台</Link> },
    ...(collapsed
      ? groups.flatMap((g) => [{ type: 'divider' as const, key: `${g.group}-line` }, ...g.children])
      : groups.map((g) => ({ type: 'group' as const, key: g.group, label: g.group, children: g.children }))),
  ];
}
type Entry = { key: string; icon: ReactNode; label: ReactNode };

export interface ConsoleMenuProps {
  permissions: readonly string[];
  selectedKey: string;
  collapsed: boolean;
}

export function ConsoleMenu(props: ConsoleMenuProps) {
  return useHydrated() ? <AntdMenu {...props} /> : <DrawnMenu {...props} />;
}

function AntdMenu({ permissions, selectedKey, collapsed }: ConsoleMenuProps) {
  return <Menu theme="dark" mode="inline" selectedKeys={[selectedKey]} items={menuItems(permissions, collapsed)} />;
}

/** antd's inline indent of an entry; a folded sider has none. */
const INDENT = { paddingLeft: 24 };

function DrawnMenu({ permissions, selectedKey, collapsed }: ConsoleMenuProps) {
  const mode = collapsed ? 'ant-menu-vertical ant-menu-dark ant-menu-inline-collapsed' : 'ant-menu-inline ant-menu-dark';
  const entry = (e: Entry) => (
    <li key={e.key} className={e.key === selectedKey ? 'ant-menu-item ant-menu-item-selected' : 'ant-menu-item'} style={collapsed ? undefined : INDENT} role="menuitem" tabIndex={-1}>
      {isValidElement<{ className?: string }>(e.icon) ? cloneElement(e.icon, { className: 'ant-menu-item-icon' }) : e.icon}
      <span className="ant-menu-title-content">{e.label}</span>
    </li>
  );
  return (
    <>
      <ul className={`ant-menu ant-menu-root ${mode} portal ant-menu-css-var`} role="menu" tabIndex={0} data-menu-list="true">
        {menuItems(permissions, collapsed).map((item) =>
          !('type' in item) ? (
            entry(item)
          ) : item.type === 'divider' ? (
            <li key={item.key} role="separator" className="ant-menu-item-divider" />
          ) : (
            <li key={item.key} role="presentation" className="ant-menu-item-group">
              <div role="presentation" className="ant-menu-item-group-title" title={item.label}>
                {item.label}
              </div>
              <ul role="group" className="ant-menu-item-group-list">
                {item.children.map(entry)}
              </ul>
            </li>
          ),
        )}
      </ul>
      {/* rc-menu's measuring box, empty in inline mode. */}
      <div style={{ display: 'none' }} aria-hidden="true" />
    </>
  );
}
