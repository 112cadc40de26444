import { ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Popover } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TableRowSelection } from 'antd/es/table/interface';
import { isValidElement, useState, type ReactElement, type ReactNode } from 'react';
import { PlainCheckbox, PlainSpace } from '#app/components/plain-antd.tsx';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { CONSOLE_TABLE_COLUMNS, TABLE_DENSITIES, type ConsoleTable, type TableDensity, type TablePreference } from '#contract/staff-preference.ts';
import { consoleHttp } from './console-http.ts';

/** A console list's column: its `key` names it in the person's 列设置 (contract/staff-preference.ts). */
export type ConsoleColumn<T> = ColumnType<T> & { key: string };

const DENSITY_ITEMS = (Object.entries(TABLE_DENSITIES) as [TableDensity, string][]).map(([key, label]) => ({ key, label }));

const columnTitle = (c: ConsoleColumn<unknown>) => (typeof c.title === 'string' ? c.title : c.key);

/**
 * A row's selection box before hydration: antd's own box (a Checkbox with its wave and theme
 * hooks on every row) drawn as its markup, from the props antd gives it.
 */
function plainSelectionCell(_checked: boolean, _record: unknown, _index: number, node: ReactNode) {
  if (!isValidElement(node)) return node;
  const { checked, disabled, 'aria-label': label } = (node as ReactElement<{ checked?: boolean; disabled?: boolean; 'aria-label'?: string }>).props;
  return <PlainCheckbox checked={checked} disabled={disabled} aria-label={label} />;
}

/**
 * 密度 and 列设置 of one console list (docs/console.md "Tables"), as ProTable's toolbar has them:
 * read by the page's loader (so the first paint has them), saved on the server per person at each
 * change so that they follow the person to another computer. Returns the antd `size`, the columns
 * to show, the toolbar for the list's head, and `selectionCell` for a list with row selection.
 *
 * Until the page hydrates nobody can hover or click, so what only reacts to that is left out of
 * the server's render, where it cost most of a list's time: the sorters' tooltips, the toolbar's
 * dropdown and popover, antd's selection boxes (drawn as their markup). The markup is the same
 * either way (table-settings.test.tsx). docs/decisions.md "Console lists drawn before antd".
 */
export function useTableSettings<T>(table: ConsoleTable, saved: TablePreference, columns: ConsoleColumn<T>[]) {
  const [pref, setPref] = useState(saved);
  const hydrated = useHydrated();
  const hideable: readonly string[] = CONSOLE_TABLE_COLUMNS[table];

  const change = (next: TablePreference) => {
    setPref(next);
    // The list shows the change at once; a failed save says so once and the next change tries again.
    void consoleHttp.post('staff-preference/table', { table, ...next }).catch(() => undefined);
  };

  const choices = columns.filter((c) => hideable.includes(c.key));
  // The dropdown marks its button as its trigger; the drawn button carries the mark itself.
  const densityButton = (
    <Button icon={<ColumnHeightOutlined />} aria-label={`密度：${TABLE_DENSITIES[pref.density]}`} className={hydrated ? undefined : 'ant-dropdown-trigger'}>
      {TABLE_DENSITIES[pref.density]}
    </Button>
  );
  const columnsButton = (
    <Button icon={<SettingOutlined />} aria-label="列设置">
      列设置
    </Button>
  );
  const toolbar = (
    <PlainSpace size={4} className="console-table-toolbar">
      {hydrated ? (
        <Dropdown trigger={['click']} menu={{ items: DENSITY_ITEMS, selectable: true, selectedKeys: [pref.density], onClick: ({ key }) => change({ ...pref, density: key as TableDensity }) }}>
          {densityButton}
        </Dropdown>
      ) : (
        densityButton
      )}
      {hydrated ? (
        <Popover
          trigger="click"
          placement="bottomRight"
          title="列设置"
          content={
            <Checkbox.Group
              className="console-table-toolbar__columns"
              value={choices.map((c) => c.key).filter((k) => !pref.hiddenColumns.includes(k))}
              options={choices.map((c) => ({ value: c.key, label: columnTitle(c as ConsoleColumn<unknown>) }))}
              onChange={(shown) => change({ ...pref, hiddenColumns: choices.map((c) => c.key).filter((k) => !shown.includes(k)) })}
            />
          }
        >
          {columnsButton}
        </Popover>
      ) : (
        columnsButton
      )}
    </PlainSpace>
  );

  const shown = columns.filter((c) => !pref.hiddenColumns.includes(c.key));
  return {
    size: pref.density,
    columns: hydrated ? shown : shown.map((c) => (c.showSorterTooltip ? { ...c, showSorterTooltip: false } : c)),
    toolbar,
    selectionCell: (hydrated ? undefined : plainSelectionCell) as TableRowSelection<T>['renderCell'],
  };
}
