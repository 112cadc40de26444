import { ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Popover, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState } from 'react';
import { CONSOLE_TABLE_COLUMNS, TABLE_DENSITIES, type ConsoleTable, type TableDensity, type TablePreference } from '#contract/staff-preference.ts';
import { consoleHttp } from './console-http.ts';

/** A console list's column: its `key` names it in the person's 列设置 (contract/staff-preference.ts). */
export type ConsoleColumn<T> = ColumnType<T> & { key: string };

const DENSITY_ITEMS = (Object.entries(TABLE_DENSITIES) as [TableDensity, string][]).map(([key, label]) => ({ key, label }));

const columnTitle = (c: ConsoleColumn<unknown>) => (typeof c.title === 'string' ? c.title : c.key);

/**
 * 密度 and 列设置 of one console list (docs/console.md "Tables"), as ProTable's toolbar has them:
 * read by the page's loader (so the first paint has them), saved on the server per person at each
 * change so that they follow the person to another computer. Returns the antd `size`, the columns
 * to show, and the toolbar for the list's head.
 */
export function useTableSettings<T>(table: ConsoleTable, saved: TablePreference, columns: ConsoleColumn<T>[]) {
  const [pref, setPref] = useState(saved);
  const hideable: readonly string[] = CONSOLE_TABLE_COLUMNS[table];

  const change = (next: TablePreference) => {
    setPref(next);
    // The list shows the change at once; a failed save says so once and the next change tries again.
    void consoleHttp.post('staff-preference/table', { table, ...next }).catch(() => undefined);
  };

  const choices = columns.filter((c) => hideable.includes(c.key));
  const toolbar = (
    <Space size={4} className="console-table-toolbar">
      <Dropdown trigger={['click']} menu={{ items: DENSITY_ITEMS, selectable: true, selectedKeys: [pref.density], onClick: ({ key }) => change({ ...pref, density: key as TableDensity }) }}>
        <Button icon={<ColumnHeightOutlined />} aria-label={`密度：${TABLE_DENSITIES[pref.density]}`}>
          {TABLE_DENSITIES[pref.density]}
        </Button>
      </Dropdown>
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
        <Button icon={<SettingOutlined />} aria-label="列设置">
          列设置
        </Button>
      </Popover>
    </Space>
  );

  return { size: pref.density, columns: columns.filter((c) => !pref.hiddenColumns.includes(c.key)), toolbar };
}
