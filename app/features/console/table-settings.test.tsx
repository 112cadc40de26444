import { Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, renderBothWays } from '#tests/helpers/hydration.tsx';
import { sortable } from './list-sort.ts';
import { useTableSettings, type ConsoleColumn } from './table-settings.tsx';

// A console list leaves out, until the page hydrates, what only a hover or a click needs (sorter
// tooltips, the toolbar's dropdown and popover, antd's selection boxes). The page must not change
// when antd takes over: each case renders the same list before hydration and after, and requires
// the same markup. An antd upgrade that changes either fails here.
vi.mock('#app/lib/use-hydrated.ts', () => import('#tests/helpers/hydration-mock.ts'));

interface Row {
  id: number;
  title: string;
  pays: boolean;
}

const rows: Row[] = [
  { id: 56005, title: '申请协调保税仓库扩容用地', pays: true },
  { id: 54702, title: '加工贸易手册核销流程咨询', pays: false },
  { id: 54642, title: '跨境电商退货仓设立咨询', pays: true },
];

function List({ sortBy, sortOrder, selected, boxLabels }: { sortBy?: string; sortOrder?: 'desc'; selected: number[]; boxLabels: boolean }) {
  const search = { sortBy, sortOrder };
  const columns: ConsoleColumn<Row>[] = [
    { key: 'id', title: '编号', dataIndex: 'id', width: 90, ...sortable('id', search) },
    { key: 'title', title: '诉求', dataIndex: 'title', minWidth: 280 },
    { key: 'createdAt', title: '提交时间', width: 170, ...sortable('createdAt', search), render: () => '2026-11-04 11:36' },
  ];
  const settings = useTableSettings('appeal', { density: 'medium', hiddenColumns: [] }, columns);
  return (
    <>
      {settings.toolbar}
      <Table<Row>
        rowKey="id"
        size={settings.size}
        dataSource={rows}
        pagination={false}
        rowSelection={{
          selectedRowKeys: selected,
          columnTitle: <span className="visually-hidden">选择</span>,
          getCheckboxProps: boxLabels ? (r) => ({ disabled: !r.pays, 'aria-label': `选择${r.title}` }) : undefined,
          renderCell: settings.selectionCell,
        }}
        scroll={{ x: 1100 }}
        columns={settings.columns}
      />
    </>
  );
}

describe('a console list before hydration', () => {
  it("writes antd's markup: sorted either way or not, rows ticked or not, boxes labelled and disabled", () => {
    const cases = [
      { selected: [], boxLabels: false },
      { sortBy: 'id', selected: [54702], boxLabels: false },
      { sortBy: 'createdAt', sortOrder: 'desc' as const, selected: [56005, 54642], boxLabels: true },
    ];
    for (const c of cases) {
      const [drawn, antd] = renderBothWays(() => <List {...c} />);
      expect(drawn).toBe(antd);
      expect(drawn).toContain('ant-table-column-sorters');
      expect(drawn).toContain('ant-checkbox-input');
      expect(drawn).toContain('列设置');
      if (c.boxLabels) expect(drawn).toContain('aria-label="选择加工贸易手册核销流程咨询" class="ant-checkbox-input" disabled=""');
    }
  });

  it('leaves the sorter tooltips out until hydration, and only them', () => {
    const columns = (now: boolean) => {
      let shown: ConsoleColumn<Row>[] = [];
      function Probe() {
        shown = useTableSettings<Row>('appeal', { density: 'medium', hiddenColumns: ['createdAt'] }, [
          { key: 'id', title: '编号', ...sortable('id', {}) },
          { key: 'title', title: '诉求' },
          { key: 'createdAt', title: '提交时间', ...sortable('createdAt', {}) },
        ]).columns;
        return null;
      }
      renderAt(now, <Probe />);
      return shown;
    };
    expect(columns(false)).toEqual([
      { key: 'id', title: '编号', sorter: true, sortOrder: null, showSorterTooltip: false },
      { key: 'title', title: '诉求' },
    ]);
    expect(columns(true)[0].showSorterTooltip).toEqual({ title: '点击排序' });
  });
});
