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

interface Entry {
  key: string;
  icon: ReactNode;
  label: string;
}
type Line = { kind: 'entry'; entry: Entry } | { kind: 'group'; title: string; entries: Entry[] } | { kind: 'divider'; key: string };

/** The person's entries: 工作台 first, then by group; folded, the groups are set apart by a line (their titles would be cut). */
function linesOf(permissions: readonly string[], collapsed: boolean): Line[] {
  const entries = menuFor(permissions);
  const groups = CONSOLE_MENU_GROUPS.map((title) => ({
    title,
    entries: entries.filter((e) => e.group === title).map((e) => ({ key: e.path, icon: MENU_ICONS[e.path], label: e.label })),
  })).filter((g) => g.entries.length);
  const home: Line = { kind: 'entry', entry: { key: '/console', icon: MENU_ICONS['/console'], label: '工作台' } };
  return [
    home,
    ...(collapsed
      ? groups.flatMap((g): Line[] => [{ kind: 'divider', key: `${g.title}-line` }, ...g.entries.map((entry): Line => ({ kind: 'entry', entry }))])
      : groups.map((g): Line => ({ kind: 'group', ...g }))),
  ];
}

export interface ConsoleMenuProps {
  permissions: readonly string[];
  selectedKey: string;
  collapsed: boolean;
}

export function ConsoleMenu(props: ConsoleMenuProps) {
  return useHydrated() ? <AntdMenu {...props} /> : <DrawnMenu {...props} />;
}

function AntdMenu({ permissions, selectedKey, collapsed }: ConsoleMenuProps) {
  const item = (e: Entry) => ({ key: e.key, icon: e.icon, label: <Link to={e.key}>{e.label}</Link> });
  const items = linesOf(permissions, collapsed).map((line) =>
    line.kind === 'entry'
      ? item(line.entry)
      : line.kind === 'divider'
        ? { type: 'divider' as const, key: line.key }
        : { type: 'group' as const, key: line.title, label: line.title, children: line.entries.map(item) },
  );
  return <Menu theme="dark" mode="inline" selectedKeys={[selectedKey]} items={items} />;
}

/** antd's inline indent of an entry; a folded sider has none. */
const INDENT = { paddingLeft: 24 };

function DrawnMenu({ permissions, selectedKey, collapsed }: ConsoleMenuProps) {
  const mode = collapsed ? 'ant-menu-vertical ant-menu-dark ant-menu-inline-collapsed' : 'ant-menu-inline ant-menu-dark';
  const entry = (e: Entry) => (
    <li key={e.key} className={e.key === selectedKey ? 'ant-menu-item ant-menu-item-selected' : 'ant-menu-item'} style={collapsed ? undefined : INDENT} role="menuitem" tabIndex={-1}>
      {isValidElement<{ className?: string }>(e.icon) ? cloneElement(e.icon, { className: 'ant-menu-item-icon' }) : e.icon}
      <span className="ant-menu-title-content">
        <Link to={e.key}>{e.label}</Link>
      </span>
    </li>
  );
  return (
    <>
      <ul className={`ant-menu ant-menu-root ${mode} portal ant-menu-css-var`} role="menu" tabIndex={0} data-menu-list="true">
        {linesOf(permissions, collapsed).map((line) =>
          line.kind === 'entry' ? (
            entry(line.entry)
          ) : line.kind === 'divider' ? (
            <li key={line.key} role="separator" className="ant-menu-item-divider" />
          ) : (
            <li key={line.title} role="presentation" className="ant-menu-item-group">
              <div role="presentation" className="ant-menu-item-group-title" title={line.title}>
                {line.title}
              </div>
              <ul role="group" className="ant-menu-item-group-list">
                {line.entries.map(entry)}
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
