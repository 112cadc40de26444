import { Table, type TableProps } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { FirstPaintTable } from './first-paint-table.tsx';
import { PlainSpace, PlainTag } from './plain-antd.tsx';
import { renderBothWays } from '#tests/helpers/hydration.tsx';

// A console list is drawn from plain elements until the page hydrates, then antd's Table takes
// over: the two must write the same markup, or the list would jump under the user's eyes. Each case
// renders the same list both ways. React's generated ids (the page-size select's) depend on where
// in the tree an element sits, so they are compared by position, not by value.
vi.mock('#app/lib/use-hydrated.ts', () => import('#tests/helpers/hydration-mock.ts'));

interface Row {
  id: number;
  title: string;
  enterpriseName: string;
  departmentName: string | null;
  signed: boolean;
  overdue: boolean;
  createdAt: string;
}

const rows: Row[] = [
  { id: 56005, title: '申请协调保税仓库扩容用地', enterpriseName: '示范科技（上海）有限公司', departmentName: null, signed: false, overdue: true, createdAt: '2026-11-04 11:36' },
  { id: 54702, title: '加工贸易手册核销流程咨询', enterpriseName: '上海海汇跨境电子商务有限公司', departmentName: '企业服务科', signed: false, overdue: false, createdAt: '2026-11-23 15:36' },
  { id: 54642, title: '跨境电商退货仓设立咨询', enterpriseName: '示范科技（上海）有限公司', departmentName: '海关监管协调科', signed: true, overdue: false, createdAt: '2026-11-20 09:05' },
];

type Sort = { by?: string; order?: 'ascend' | 'descend' };
const sortable = (key: string, s: Sort) => ({ sorter: true, sortOrder: s.by === key ? (s.order ?? 'ascend') : null, showSorterTooltip: false });

/** The appeal queue's kinds of column: text, two-line links, tags in a space, an ellipsis cell, sorters. */
const columns = (s: Sort, ellipsis: boolean): TableProps<Row>['columns'] => [
  { key: 'id', title: '编号', dataIndex: 'id', width: 90, ...sortable('id', s) },
  {
    key: 'title',
    title: '诉求',
    minWidth: 280,
    render: (_, r) => (
      <>
        <a href={`/console/appeal/${r.id}`} className="work-order-queue__title console-ellipsis" title={r.title}>
          {r.title}
        </a>
        <span className="console-muted console-ellipsis">{r.enterpriseName} · 用地用房</span>
      </>
    ),
  },
  {
    key: 'status',
    title: '状态',
    width: 170,
    render: (_, r) => (
      <PlainSpace size={4} wrap>
        <PlainTag color="processing">办理中</PlainTag>
        {r.overdue && <PlainTag color="error">超期</PlainTag>}
      </PlainSpace>
    ),
  },
  {
    key: 'department',
    title: '承办部门',
    width: 150,
    ellipsis: ellipsis ? { showTitle: true } : undefined,
    render: (_, r) =>
      r.departmentName ? (
        r.signed ? (
          r.departmentName
        ) : (
          <>
            {r.departmentName}
            <div className="console-muted">待签收</div>
          </>
        )
      ) : (
        <span className="console-muted">未转办</span>
      ),
  },
  { key: 'createdAt', title: '提交时间', dataIndex: 'createdAt', width: 170, ...sortable('createdAt', s) },
];

const pagination = (current: number, total: number) => ({
  total,
  current,
  pageSize: 20,
  showSizeChanger: true,
  pageSizeOptions: [10, 20, 50, 100],
  showTotal: (t: number) => `共 ${t} 条`,
  onChange: () => {},
});

const numberedIds = (html: string) => {
  let n = 0;
  return html.replace(/_R_[0-9a-zA-Z]+_/g, () => `id${n++}`);
};

const expectSame = (props: TableProps<Row>) => {
  const [drawn, antd] = renderBothWays((now) => (now ? <Table<Row> {...props} /> : <FirstPaintTable<Row> {...props} />)).map(numberedIds);
  expect(drawn).toBe(antd);
  return drawn;
};

describe('FirstPaintTable', () => {
  it("writes antd Table's markup for the appeal queue: every density, sorted or not, rows ticked, late rows marked", () => {
    for (const size of ['large', 'medium', 'small'] as const) {
      for (const sort of [{}, { by: 'id' }, { by: 'createdAt', order: 'descend' as const }]) {
        const drawn = expectSame({
          rowKey: 'id',
          size,
          dataSource: rows,
          columns: columns(sort, true),
          pagination: pagination(3, 56005),
          onChange: () => {},
          rowSelection: {
            selectedRowKeys: [54702],
            onChange: () => {},
            preserveSelectedRowKeys: false,
            columnTitle: <span className="visually-hidden">选择</span>,
            renderCell: (_c, _r, _i, node) => node,
          },
          rowClassName: (r) => (r.overdue ? 'work-order-queue__row--late' : ''),
          scroll: { x: 1100 },
        });
        expect(drawn).toContain('ant-table-row-selected');
        expect(drawn).toContain('work-order-queue__row--late');
        expect(drawn).toContain('共 56005 条');
      }
    }
  });

  it('writes it without selection, ellipsis or a row class, on one page or past the last', () => {
    for (const [current, total] of [
      [1, 3],
      [9, 3],
      [1, 100_000],
    ]) {
      expectSame({ rowKey: 'id', dataSource: rows, columns: columns({}, false), pagination: pagination(current, total), scroll: { x: 1200 } });
    }
    expectSame({ rowKey: 'id', dataSource: rows, columns: columns({ by: 'id', order: 'descend' }, false), pagination: false, scroll: { x: 1200 } });
  });

  it('labels and disables selection boxes as getCheckboxProps says', () => {
    const drawn = expectSame({
      rowKey: 'id',
      dataSource: rows,
      columns: columns({}, true),
      rowSelection: { selectedRowKeys: [56005], columnTitle: '选择', getCheckboxProps: (r) => ({ disabled: r.signed, 'aria-label': `选择${r.title}` }) },
      pagination: pagination(1, 3),
      scroll: { x: 1100 },
    });
    expect(drawn).toContain('aria-label="选择跨境电商退货仓设立咨询" class="ant-checkbox-input" disabled=""');
  });

  it('leaves to antd what it does not draw: an empty list, a fixed column, an element as a title', () => {
    const base: TableProps<Row> = { rowKey: 'id', dataSource: rows, columns: columns({}, true), scroll: { x: 1100 } };
    const drawnBy = (props: TableProps<Row>) => renderToStaticMarkup(<FirstPaintTable<Row> {...props} />);
    // antd outside its provider writes the default `css-var` scope, the drawn table `portal`.
    expect(drawnBy(base)).toContain('portal ant-table-css-var');
    for (const props of [
      { ...base, dataSource: [] },
      { ...base, columns: [{ key: 'id', title: '编号', dataIndex: 'id', fixed: 'start' as const }] },
      { ...base, columns: [{ key: 'id', title: <b>编号</b>, dataIndex: 'id' }] },
      { ...base, bordered: true },
    ]) {
      expect(drawnBy(props)).not.toContain('portal ant-table-css-var');
    }
  });
});
