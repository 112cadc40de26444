import { Alert, Button, Form, Select, Space, Table, Tag, Typography } from 'antd';
import type { Route } from './+types/console.staff-changes';
import { formatDateTime } from '#contract/format.ts';
import {
  STAFF_CHANGE_KIND_TEXT,
  STAFF_CHANGE_STATUS_TEXT,
  staffChangeListQuerySchema,
  staffChangeRejectSchema,
  type StaffChangeApproved,
  type StaffChangeRow,
  type StaffChangeStatus,
} from '#contract/staff-change.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { consoleListParams } from '#app/features/console/list-params.ts';
import { useOneTimePasswordDialog } from '#app/features/console/one-time-password.tsx';
import { useReasonDialog } from '#app/features/console/reason-dialog.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { useConsoleMe } from './console.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '账号变更确认 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, ['audit:staff-change:decide', 'system:staff:manage']);
  const query = parseSearch(staffChangeListQuerySchema, consoleListParams(args.url));
  return { page: await args.context.services.staffChange.list(query), query };
}

const STATUS_COLOR: Record<StaffChangeStatus, string> = { pending: 'orange', approved: 'green', rejected: 'default', failed: 'red' };

/**
 * 账号变更确认 (三权分立): what a system administrator asked for on audit accounts. An auditor
 * checks it with the person and confirms or refuses; the administrator sees where it stands.
 */
export default function StaffChangesPage({ loaderData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const me = useConsoleMe();
  const list = useListUrl();
  const showPassword = useOneTimePasswordDialog();
  const reason = useReasonDialog();
  const mayDecide = !!me?.permissions.includes('audit:staff-change:decide');

  async function approve(row: StaffChangeRow) {
    const sure = await confirm(`${row.summary}。请确认已向本人核实，确认后立即生效。`, { title: '确认这项变更？', okText: '确认生效' });
    if (!sure) return;
    const done = await consoleHttp.post<StaffChangeApproved>('staff-change/approve', { id: row.id });
    if (done.password) showPassword('变更已生效', `${row.name}（${row.loginName}）`, done.password);
    else notify('success', '已确认，变更已生效');
    list.reload();
  }

  function reject(row: StaffChangeRow) {
    reason.ask({
      title: '驳回这项变更',
      label: '驳回理由（系统管理员会收到站内消息）',
      okText: '驳回',
      rule: staffChangeRejectSchema.shape.reason,
      submit: async (text) => {
        await consoleHttp.post('staff-change/reject', { id: row.id, reason: text });
        notify('success', '已驳回');
        list.reload();
      },
    });
  }

  return (
    <ConsolePage title="账号变更确认">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          mayDecide
            ? '系统管理员对安全审计员账号的变更（新建、修改手机号、调整角色、启用停用、重置密码）须经安全审计员确认后才生效。确认前请向本人核实；新建和重置密码的一次性密码只显示给确认人。'
            : '对安全审计员账号的变更须经安全审计员确认后才生效，这里可以看到每项申请的处理情况。'
        }
      />
      <ListFilters values={{ status: query.status }} onSearch={list.search}>
        <Form.Item name="status">
          <Select aria-label="状态" placeholder="全部状态" allowClear style={{ width: 140 }} options={Object.entries(STAFF_CHANGE_STATUS_TEXT).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
      </ListFilters>
      <Table<StaffChangeRow>
        rowKey="id"
        scroll={{ x: 1000 }}
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        columns={[
          { title: '申请时间', width: 150, render: (_, r) => <DateText>{formatDateTime(r.requestedAt)}</DateText> },
          { title: '类型', width: 100, render: (_, r) => STAFF_CHANGE_KIND_TEXT[r.kind] },
          {
            title: '变更内容',
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <span>{r.summary}</span>
                {r.phone && mayDecide && <Typography.Text type="secondary">手机号：{r.phone}（请核实为本人号码）</Typography.Text>}
                {r.reason && <Typography.Text type="secondary">{r.status === 'rejected' ? '驳回理由' : '未生效原因'}：{r.reason}</Typography.Text>}
              </Space>
            ),
          },
          { title: '申请人', width: 90, dataIndex: 'requestedBy' },
          {
            title: '状态',
            width: 150,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATUS_COLOR[r.status]}>{STAFF_CHANGE_STATUS_TEXT[r.status]}</Tag>
                {r.decidedBy && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.decidedBy} <DateText>{formatDateTime(r.decidedAt)}</DateText>
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          ...(mayDecide
            ? [
                {
                  title: '操作',
                  width: 130,
                  fixed: 'right' as const,
                  render: (_: unknown, r: StaffChangeRow) =>
                    r.status === 'pending' && (
                      <Space size={0}>
                        <Button type="link" size="small" onClick={() => approve(r)}>
                          确认生效
                        </Button>
                        <Button type="link" size="small" danger onClick={() => reject(r)}>
                          驳回
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      {reason.dialog}
    </ConsolePage>
  );
}
