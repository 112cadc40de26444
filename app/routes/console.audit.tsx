import { Button, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Route } from './+types/console.audit';
import { AUDIT_ACTION_TEXT, AUDIT_OBJECT_TEXT, AUDIT_RESULT_TEXT, auditListQuerySchema, type AuditResult, type AuditRow } from '#contract/audit.ts';
import { formatDateTimeSeconds } from '#contract/format.ts';
import { AuditChanges } from '#app/features/console/audit-changes.tsx';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { sortable, sortChange } from '#app/features/console/list-sort.ts';
import { useTableSettings, type ConsoleColumn } from '#app/features/console/table-settings.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';
import { useConsoleMe } from './console.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '审计日志 - 管理后台');

/** Every search of the audit log is itself an audit row (等保), whether by this page or the API. */
export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, 'audit:log:view');
  const { services, clientIp } = args.context;
  const { url } = args;
  const query = parseSearch(auditListQuerySchema, consoleListParams(url));
  const [page, table] = await Promise.all([services.audit.list(query), services.staffPreference.table(staff, 'audit')]);
  const filters = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
  await services.audit.record({
    action: 'audit.search',
    actorType: 'staff',
    staffId: staff.id,
    loginName: staff.loginName,
    objectType: 'audit_log',
    result: 'ok',
    ip: clientIp,
    userAgent: args.request.headers.get('user-agent'),
    changes: JSON.stringify(filters),
  });
  return { page, query, table, search: url.search };
}

const RESULT_COLOR: Record<AuditResult, string> = { ok: 'green', denied: 'red', failed: 'orange' };

/** Object types by their Chinese names, each name once (the first type that bears it). */
const OBJECT_OPTIONS = Object.entries(AUDIT_OBJECT_TEXT)
  .filter(([, label], i, all) => all.findIndex(([, l]) => l === label) === i)
  .map(([value, label]) => ({ value, label }));

/** The ranges an auditor asks for most, computed when the picker opens (a day may have turned). */
const RANGE_PRESETS = [
  { label: '今天', value: () => [dayjs().startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '近 7 天', value: () => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '近 30 天', value: () => [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
];

interface FilterValues {
  loginName?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  result?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** 审计日志 (auditors): search by person, action, object, result and date; export as CSV. */
export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { page, query, table, search } = loaderData;
  const me = useConsoleMe();
  const list = useListUrl();
  const values: FilterValues = {
    loginName: query.loginName,
    action: query.action,
    objectType: query.objectType,
    objectId: query.objectId,
    result: query.result,
    range: query.dateFrom && query.dateTo ? [dayjs(query.dateFrom), dayjs(query.dateTo)] : null,
  };
  const onSearch = ({ range, ...rest }: FilterValues) => list.search({ ...rest, dateFrom: range?.[0]?.format('YYYY-MM-DD'), dateTo: range?.[1]?.format('YYYY-MM-DD') });
  const exportParams = new URLSearchParams(search);
  exportParams.delete('currentPage');
  exportParams.delete('pageSize');
  exportParams.delete('sortBy');
  exportParams.delete('sortOrder');
  const columns: ConsoleColumn<AuditRow>[] = [
    { key: 'at', title: '时间（北京时间）', width: 190, ...sortable('at', query), render: (_, r) => <DateText>{formatDateTimeSeconds(r.at)}</DateText> },
    {
      key: 'person',
      title: '人员',
      width: 150,
      ellipsis: { showTitle: true },
      render: (_, r) =>
        r.staffName ? (
          <>
            {r.staffName}
            <div className="console-muted">{r.loginName}</div>
          </>
        ) : (
          (r.loginName ?? '-')
        ),
    },
    { key: 'action', title: '操作', minWidth: 160, render: (_, r) => AUDIT_ACTION_TEXT[r.action] ?? r.action },
    {
      key: 'object',
      title: '对象',
      width: 150,
      ellipsis: { showTitle: true },
      render: (_, r) => (r.objectType ? `${AUDIT_OBJECT_TEXT[r.objectType] ?? r.objectType}${r.objectId ? ` #${r.objectId}` : ''}` : '-'),
    },
    { key: 'result', title: '结果', width: 80, render: (_, r) => <Tag color={RESULT_COLOR[r.result as AuditResult]}>{AUDIT_RESULT_TEXT[r.result as AuditResult] ?? r.result}</Tag> },
    { key: 'ip', title: 'IP 地址', dataIndex: 'ip', width: 140, ellipsis: { showTitle: true } },
    { key: 'detail', title: '说明', minWidth: 160, ellipsis: { showTitle: true }, render: (_, r) => r.detail ?? '-' },
  ];
  const settings = useTableSettings('audit', table, columns);

  return (
    <ConsolePage
      title="审计日志"
      extra={
        <Space>
          {settings.toolbar}
          {me?.permissions.includes('audit:log:export') && (
            <Button href={`/console/api/audit/export?${exportParams}`} download>
              导出 CSV
            </Button>
          )}
        </Space>
      }
    >
      <ListFilters values={values} onSearch={onSearch}>
        <Form.Item name="loginName">
          <Input placeholder="账号" allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="action">
          <Select
            aria-label="操作"
            placeholder="操作"
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 170 }}
            options={Object.entries(AUDIT_ACTION_TEXT).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="objectType">
          <Select aria-label="对象类型" placeholder="对象类型" allowClear showSearch optionFilterProp="label" style={{ width: 150 }} options={OBJECT_OPTIONS} />
        </Form.Item>
        <Form.Item name="objectId">
          <Input placeholder="对象编号" allowClear style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="result">
          <Select aria-label="结果" placeholder="结果" allowClear style={{ width: 90 }} options={Object.entries(AUDIT_RESULT_TEXT).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker aria-label="日期范围" style={{ width: 240 }} presets={RANGE_PRESETS} />
        </Form.Item>
      </ListFilters>
      <Table<AuditRow>
        rowKey="id"
        size={settings.size}
        onChange={sortChange(list.search)}
        scroll={{ x: 1100 }}
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        expandable={{
          columnTitle: <span className="visually-hidden">详情</span>,
          rowExpandable: (r) => !!r.changes,
          expandedRowRender: (r) => <AuditChanges changes={r.changes!} />,
        }}
        columns={settings.columns}
      />
    </ConsolePage>
  );
}
