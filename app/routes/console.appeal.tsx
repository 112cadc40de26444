import { Tabs } from 'antd';
import { Form, Input, Select } from '#app/components/antd-first-paint.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/console.appeal';
import { APPEAL_STATUS, APPEAL_STATUSES } from '#contract/appeal.ts';
import { WORK_ORDER_QUEUES, WORK_ORDER_READERS, workOrderQueryOf, workOrderSearchSchema, type WorkOrderItem, type WorkOrderQueue } from '#contract/appeal.console.ts';
import { formatDateTime } from '#contract/format.ts';
import { FirstPaintTable } from '#app/components/first-paint-table.tsx';
import { PlainSpace } from '#app/components/plain-antd.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { DueCell } from '#app/features/console/deadline-flag.tsx';
import appealStyles from '#app/features/console-appeal/console-appeal.css?url';
import { ExtensionTag, WorkOrderStatusTag } from '#app/features/console-appeal/work-order-tags.tsx';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { sortable, sortChange } from '#app/features/console/list-sort.ts';
import { useTableSettings, type ConsoleColumn } from '#app/features/console/table-settings.tsx';
import { WorkOrderBatch } from '#app/features/console-appeal/work-order-batch.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';
import { useQueueLink } from '#app/features/console/queue-next.tsx';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: appealStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '诉求工单 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, WORK_ORDER_READERS);
  const { services } = args.context;
  const search = parseSearch(workOrderSearchSchema, consoleListParams(args.url));
  // A handler sees one department (the service scopes the rows), so no department filter for them.
  const seesAll = staff.permissions.includes('appeal:dispatch') || staff.permissions.includes('evaluation:follow-up');
  const [page, departments, table] = await Promise.all([
    services.appealConsole.list(staff, workOrderQueryOf(search)),
    seesAll ? services.department.options() : Promise.resolve([] as { value: number; label: string }[]),
    services.staffPreference.table(staff, 'appeal'),
  ]);
  return {
    page,
    search,
    departments,
    seesAll,
    table,
    dispatches: staff.permissions.includes('appeal:dispatch'),
  };
}

const statusOptions = APPEAL_STATUSES.filter((s) => s !== 'withdrawn').map((value) => ({ value, label: APPEAL_STATUS[value] }));

/**
 * 诉求工单: the dispatcher's queues (待受理, 超期, 临期, 延期待审批) over every work order, a
 * handler's over their department's; what is owed soonest comes first, each row with its flag.
 */
export default function WorkOrderQueue({ loaderData }: Route.ComponentProps) {
  const { page, search, departments, seesAll, dispatches, table } = loaderData;
  const list = useListUrl();
  const itemLink = useQueueLink(page);
  const [selected, setSelected] = useState<number[]>([]);
  const columns: ConsoleColumn<WorkOrderItem>[] = [
    {
      key: 'id',
      title: '编号',
      dataIndex: 'id',
      width: 90,
      ...sortable('id', search),
    },
    {
      key: 'title',
      title: '诉求',
      minWidth: 280,
      render: (_, r, index) => (
        <>
          <Link to={itemLink(`/console/appeal/${r.id}`, index)} className="work-order-queue__title console-ellipsis" title={r.title}>
            {r.title}
          </Link>
          <span className="console-muted console-ellipsis" title={`${r.enterpriseName} · ${r.typeText}`}>
            {r.enterpriseName} · {r.typeText}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      title: '状态',
      width: 170,
      render: (_, r) => (
        <PlainSpace size={4} wrap>
          <WorkOrderStatusTag status={r.status} text={r.statusText} />
          <ExtensionTag status={r.extensionStatus} />
        </PlainSpace>
      ),
    },
    {
      key: 'department',
      title: '承办部门',
      width: 150,
      ellipsis: { showTitle: true },
      render: (_, r) =>
        r.departmentName ? (
          <>
            {r.departmentName}
            {r.status === 'processing' && !r.signedAt && <div className="console-muted">待签收</div>}
          </>
        ) : (
          <span className="console-muted">未转办</span>
        ),
    },
    {
      key: 'dueAt',
      title: '当前时限',
      width: 220,
      ...sortable('dueAt', search),
      render: (_, r) => <DueCell dueAt={r.dueAt} overdue={r.overdue} dueSoon={r.dueSoon} />,
    },
    {
      key: 'createdAt',
      title: '提交时间',
      width: 170,
      ...sortable('createdAt', search),
      render: (_, r) => <DateText>{formatDateTime(r.createdAt)}</DateText>,
    },
  ];
  const settings = useTableSettings('appeal', table, columns);
  const queues = (Object.entries(WORK_ORDER_QUEUES) as [WorkOrderQueue, (typeof WORK_ORDER_QUEUES)[WorkOrderQueue]][]).filter(([, q]) => dispatches || !q.dispatchOnly);

  return (
    <ConsolePage title="诉求工单" extra={settings.toolbar}>
      <Tabs
        className="work-order-queue__tabs"
        activeKey={search.queue}
        onChange={(queue) => list.search({ queue: queue === 'all' ? null : queue })}
        items={queues.map(([key, q]) => ({ key, label: q.label }))}
      />
      <ListFilters
        values={{
          keyword: search.keyword,
          status: search.status,
          departmentId: search.departmentId,
        }}
        onSearch={list.search}
        firstPaint
      >
        <Form.Item name="keyword">
          <Input placeholder="标题或企业名称" allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select aria-label="状态" placeholder="状态" allowClear style={{ width: 120 }} options={statusOptions} />
        </Form.Item>
        {seesAll && (
          <Form.Item name="departmentId">
            <Select aria-label="承办部门" placeholder="承办部门" allowClear style={{ width: 160 }} options={departments} />
          </Form.Item>
        )}
      </ListFilters>
      {dispatches && (
        <WorkOrderBatch
          selected={selected}
          departments={departments}
          onDone={() => {
            setSelected([]);
            void list.reload();
          }}
        />
      )}
      <FirstPaintTable<WorkOrderItem>
        rowKey="id"
        size={settings.size}
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        onChange={sortChange(list.search)}
        // No 全选 box in the header: antd repeats the header in an aria-hidden measuring row, where a focusable box fails the a11y check.
        rowSelection={
          dispatches
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                preserveSelectedRowKeys: false,
                columnTitle: <span className="visually-hidden">选择</span>,
                renderCell: settings.selectionCell,
              }
            : undefined
        }
        rowClassName={(r) => (r.overdue ? 'work-order-queue__row--late' : '')}
        // In 关怀模式 (zoom 1.3) the fixed columns would squeeze 诉求 to two characters a line: the table scrolls instead.
        scroll={{ x: 1100 }}
        columns={settings.columns}
      />
    </ConsolePage>
  );
}
