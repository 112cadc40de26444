import { Button, Form, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Route } from './+types/console.free-declare.rows';
import { formatDateTime } from '#contract/format.ts';
import { freeListQuerySchema, type FreeListItem } from '#contract/free-declare-ent.console.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { useRowQueueNext } from '#app/features/console/queue-next.tsx';
import { sortable, sortChange } from '#app/features/console/list-sort.ts';
import { useTableSettings, type ConsoleColumn } from '#app/features/console/table-settings.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import freeStyles from '#app/features/console-free/console-free.css?url';
import { freeStatusOptions, FreeStatusTag } from '#app/features/console-free/free-status-tag.tsx';
import { FreeRowDrawer } from '#app/features/console-free/row-detail.tsx';
import { useFreeSteps, type FreeStep } from '#app/features/console-free/row-steps.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: freeStyles }];
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '免申即享名单记录 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, ['free-declare:manage', 'free-declare:pay']);
  const query = parseSearch(freeListQuerySchema, consoleListParams(args.url));
  const { freeDeclareEntConsole } = args.context.services;
  const [page, projects, table] = await Promise.all([
    freeDeclareEntConsole.list(staff, query),
    freeDeclareEntConsole.projects(),
    args.context.services.staffPreference.table(staff, 'freeDeclareRows'),
  ]);
  return { page, query, table, projects: projects.map((p) => ({ value: p.id, label: p.name })), mayPay: staff.permissions.includes('free-declare:pay') };
}

const STEP_TEXT: Record<FreeStep, string> = { amend: '调整金额', cancel: '取消', return: '退回', pay: '登记兑付' };

/** A project's list (or every list): filters, each row's steps, and batch payment for the payer. */
export default function ConsoleFreeRows({ loaderData }: Route.ComponentProps) {
  const { page, query, table, projects, mayPay } = loaderData;
  const list = useListUrl();
  // 下一条: after a step on one row (调整金额, 取消, 退回), the same step on the next row that offers it.
  const lastStep = useRef<Exclude<FreeStep, 'pay'>>('return');
  const steps = useFreeSteps((step, row, what) => {
    lastStep.current = step;
    queue.acted(row, what);
  });
  const queue = useRowQueueNext({
    rows: page.records,
    page,
    canAct: (r) => r.actions.includes(lastStep.current),
    open: (r) => steps.run(lastStep.current, [r]),
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const [selected, setSelected] = useState<FreeListItem[]>([]);
  const closeDetail = useCallback(() => setViewing(null), []);
  // A new page of rows (filters, paging, a step done) starts with nothing chosen.
  useEffect(() => setSelected([]), [page]);
  const project = projects.find((p) => p.value === query.projectId);
  const columns: ConsoleColumn<FreeListItem>[] = [
    {
      key: 'enterprise',
      title: '企业',
      width: 260,
      render: (_, r) => (
        <div>
          <div className="console-ellipsis" title={r.enterpriseName}>
            {r.enterpriseName}
          </div>
          <div className="console-free__muted console-free__uscc">{r.uscc}</div>
        </div>
      ),
    },
    ...(project ? [] : [{ key: 'project', title: '项目', dataIndex: 'projectName', width: 200, ellipsis: { showTitle: true } }]),
    { key: 'amount', title: '金额（万元）', dataIndex: 'amount', width: 130, ...sortable('amount', query) },
    {
      key: 'status',
      title: '状态',
      width: 150,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tooltip title={r.returnReason ? `退回原因：${r.returnReason}` : r.cancelReason ? `取消原因：${r.cancelReason}` : undefined}>
            <span>
              <FreeStatusTag status={r.status} />
            </span>
          </Tooltip>
          {r.returnReason && <Tag color="orange">已退回</Tag>}
          {r.openCorrections > 0 && <Tag color="red">信息有误 {r.openCorrections}</Tag>}
        </Space>
      ),
    },
    { key: 'bank', title: '收款账户', width: 230, ellipsis: { showTitle: true }, render: (_, r) => (r.bankAccount ? `${r.bankName} ${r.bankAccount}` : '-') },
    {
      key: 'paid',
      title: '兑付',
      width: 190,
      ...sortable('paidAt', query),
      render: (_, r) => (r.paidAt ? <DateText>{`${formatDateTime(r.paidAt)} ${r.voucherNo ?? ''}`}</DateText> : '-'),
    },
    {
      key: 'actions',
      title: '操作',
      width: 220,
      fixed: 'end',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setViewing(r.id)}>
            详情
          </Button>
          {r.actions.map((a) => (
            <Button key={a} type="link" size="small" danger={a === 'cancel'} onClick={() => steps.run(a, [r])}>
              {STEP_TEXT[a]}
            </Button>
          ))}
        </Space>
      ),
    },
  ];
  const settings = useTableSettings('freeDeclareRows', table, columns);

  return (
    <ConsolePage
      title={project ? `${project.label} · 名单` : '免申即享名单记录'}
      extra={
        <Space>
          {queue.toggle}
          {settings.toolbar}
        </Space>
      }
    >
      {queue.bar}
      <ListFilters values={{ projectId: query.projectId, status: query.status, keyword: query.keyword }} onSearch={list.search}>
        <Form.Item name="projectId">
          <Select placeholder="全部项目" allowClear style={{ width: 260 }} options={projects} aria-label="项目" />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder="状态" allowClear style={{ width: 120 }} options={freeStatusOptions} aria-label="状态" />
        </Form.Item>
        <Form.Item name="keyword">
          <Input placeholder="企业名称或统一社会信用代码" allowClear style={{ width: 260 }} />
        </Form.Item>
      </ListFilters>
      {mayPay && (
        <div className="console-free__bar">
          <Button type="primary" disabled={!selected.length} onClick={() => steps.run('pay', selected)}>
            登记兑付{selected.length ? `（${selected.length} 条）` : ''}
          </Button>
          <span className="console-free__muted">勾选已确认的记录后，凭银行回单批量登记兑付</span>
        </div>
      )}
      <Table<FreeListItem>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        rowSelection={
          mayPay
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                onChange: (_keys, rows) => setSelected(rows),
                getCheckboxProps: (r) => ({ disabled: !r.actions.includes('pay'), 'aria-label': `选择${r.enterpriseName}` }),
                renderCell: settings.selectionCell,
              }
            : undefined
        }
        size={settings.size}
        onChange={sortChange(list.search)}
        scroll={{ x: 1200 }}
        columns={settings.columns}
      />
      {steps.dialog}
      <FreeRowDrawer id={viewing} onClose={closeDetail} />
    </ConsolePage>
  );
}
