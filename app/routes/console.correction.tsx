import { Form, Select, Table } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/console.correction';
import { CORRECTION_STATUS, correctionQuerySchema, type CorrectionItem, type CorrectionStatus } from '#contract/correction.ts';
import { formatDateTime } from '#contract/format.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { DueCell } from '#app/features/console/deadline-flag.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '网站纠错 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'content:correction:handle');
  const query = parseSearch(correctionQuerySchema, args.url.searchParams);
  return { page: await args.context.services.correction.page(query), query };
}

const STATUS_OPTIONS = (Object.keys(CORRECTION_STATUS) as CorrectionStatus[]).map((value) => ({ value, label: CORRECTION_STATUS[value] }));

/** 网站纠错: what visitors report wrong on the public pages; waiting ones first, by their deadline. */
export default function ConsoleCorrections({ loaderData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const list = useListUrl();
  return (
    <ConsolePage title="网站纠错">
      <ListFilters values={{ status: query.status }} onSearch={list.search}>
        <Form.Item name="status">
          <Select placeholder="状态" allowClear style={{ width: 120 }} options={STATUS_OPTIONS} aria-label="状态" />
        </Form.Item>
      </ListFilters>
      <Table<CorrectionItem>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        locale={{ emptyText: '暂无纠错' }}
        columns={[
          { title: '受理编号', dataIndex: 'receiptNo', width: 150, render: (no: string, c) => <Link to={`/console/correction/${c.id}`}>{no}</Link> },
          { title: '出错页面', dataIndex: 'pageTitle', width: 220 },
          { title: '错误描述', dataIndex: 'description', ellipsis: true },
          { title: '提交时间', width: 150, render: (_, c) => <DateText>{formatDateTime(c.createdAt)}</DateText> },
          {
            title: '答复时限',
            width: 190,
            render: (_, c) => (c.status === 'answered' ? <span className="console-muted">已答复</span> : <DueCell dueAt={c.dueAt} overdue={c.overdue} dueSoon={c.dueSoon} />),
          },
          { title: '操作', width: 90, render: (_, c) => <Link to={`/console/correction/${c.id}`}>{c.status === 'received' ? '答复' : '查看'}</Link> },
        ]}
      />
    </ConsolePage>
  );
}
