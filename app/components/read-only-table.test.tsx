import { Empty, Table } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AntdProvider } from './antd-provider.tsx';
import { ReadOnlyTable } from './first-paint-table.tsx';

// ReadOnlyTable stands in for antd's Table on the user centre's lists, drawn always, and must look
// exactly like it: the same markup means antd's stylesheet draws the same table. An antd upgrade
// that changes Table's markup fails here, not silently on the page.
interface Row {
  id: number;
  title: string;
  type: string;
}
const rows: Row[] = [
  { id: 7, title: '关于跨境电商仓储用地的咨询', type: '政策咨询' },
  { id: 3, title: '出口退税办理时间较长', type: '审批服务' },
];
const columns = [
  { key: 'title', title: '诉求标题', render: (_: unknown, r: Row) => <a href={`/user/appeal/${r.id}`}>{r.title}</a> },
  { key: 'type', title: '类型', width: 110, render: (_: unknown, r: Row) => r.type },
];
const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您还没有提交过诉求" />;
const render = (node: React.ReactNode) => renderToStaticMarkup(<AntdProvider>{node}</AntdProvider>);

describe('ReadOnlyTable', () => {
  it("writes antd Table's markup for the same rows", () => {
    const ours = render(<ReadOnlyTable<Row> columns={columns} dataSource={rows} rowKey={(r) => r.id} locale={{ emptyText: empty }} />);
    const antd = render(<Table<Row> rowKey="id" columns={columns} dataSource={rows} pagination={false} />);
    expect(ours).toBe(antd);
    expect(ours).toContain('出口退税办理时间较长');
    // Drawn, not antd's Table: outside antd's provider antd would write its default scope, not the portal's.
    expect(renderToStaticMarkup(<ReadOnlyTable<Row> columns={columns} dataSource={rows} rowKey={(r) => r.id} />)).toContain('portal ant-table-css-var');
  });

  it("writes antd Table's empty state", () => {
    const ours = render(<ReadOnlyTable<Row> columns={columns} dataSource={[]} rowKey={(r) => r.id} locale={{ emptyText: empty }} />);
    const antd = render(<Table<Row> rowKey="id" columns={columns} dataSource={[]} pagination={false} locale={{ emptyText: empty }} />);
    expect(ours).toBe(antd);
    expect(ours).toContain('您还没有提交过诉求');
  });

  it("places antd's pagination as Table does when there is more than one page", () => {
    const pagination = { current: 2, pageSize: 2, total: 5, showSizeChanger: false, hideOnSinglePage: true, onChange: () => {} };
    const ours = render(<ReadOnlyTable<Row> columns={columns} dataSource={rows} rowKey={(r) => r.id} locale={{ emptyText: empty }} pagination={pagination} />);
    const antd = render(<Table<Row> rowKey="id" columns={columns} dataSource={rows} pagination={pagination} />);
    expect(ours).toBe(antd);
    expect(ours).toContain('ant-pagination');
  });

  it("shows antd's spinner over the table while the next page loads", () => {
    const ours = render(<ReadOnlyTable<Row> columns={columns} dataSource={rows} rowKey={(r) => r.id} locale={{ emptyText: empty }} loading />);
    const antd = render(<Table<Row> rowKey="id" columns={columns} dataSource={rows} pagination={false} loading />);
    expect(ours).toBe(antd);
    expect(ours).toContain('ant-spin-spinning');
  });
});
