import { Alert, Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/console.staff';
import { formatDateTime } from '#contract/format.ts';
import { STAFF_STATUS_TEXT, staffCreateSchema, staffListQuerySchema, type StaffCreate, type StaffDetail, type StaffRow, type StaffUpdate } from '#contract/staff.ts';
import { STAFF_CHANGE_PENDING_MESSAGE, type StaffChangePending } from '#contract/staff-change.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { FormDrawer } from '#app/features/console/form-drawer.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { sortable, sortChange } from '#app/features/console/list-sort.ts';
import { useTableSettings, type ConsoleColumn } from '#app/features/console/table-settings.tsx';
import { useOneTimePasswordDialog } from '#app/features/console/one-time-password.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { RoleSelect } from '#app/features/console/role-select.tsx';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';
import { useConsoleMe } from './console.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '工作人员 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, 'system:staff:manage');
  const { services } = args.context;
  const query = parseSearch(staffListQuerySchema, consoleListParams(args.url));
  const [page, roles, departments, waiting, table] = await Promise.all([
    services.staff.list(query),
    services.staffRole.list(),
    services.department.options(),
    services.staffChange.list({ status: 'pending', currentPage: 1, pageSize: 1 }),
    services.staffPreference.table(staff, 'staff'),
  ]);
  return { page, roles, departments, query, table, waiting: waiting.total };
}

const fields = staffCreateSchema.shape;
type Editing = { mode: 'create' } | { mode: 'edit'; staff: StaffDetail } | { mode: 'roles'; staff: StaffRow };

function drawerTitle(editing: Editing | null): string {
  if (!editing) return '';
  if (editing.mode === 'create') return '新建工作人员';
  return `${editing.mode === 'roles' ? '调整角色' : '编辑'}：${editing.staff.name}`;
}

/** 工作人员: accounts of the bureau's staff, for system administrators. */
export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { page, roles, departments, query, table, waiting } = loaderData;
  const me = useConsoleMe();
  const list = useListUrl();
  const showPassword = useOneTimePasswordDialog();
  const edit = useConsoleForm<Editing, Partial<StaffCreate>>(async (values, target) => {
    if (target.mode === 'create') {
      const created = await consoleHttp.post<{ id: number; password: string } | StaffChangePending>('staff/create', values, { silent: true });
      if ('pendingChangeId' in created) return STAFF_CHANGE_PENDING_MESSAGE;
      showPassword('账号已创建', `${values.name}（${values.loginName}）`, created.password);
      return;
    }
    if (target.mode === 'edit') {
      const saved = await consoleHttp.post<object>('staff/update', { ...values, id: target.staff.id } satisfies Partial<StaffUpdate>, { silent: true });
      return 'pendingChangeId' in saved ? STAFF_CHANGE_PENDING_MESSAGE : '已保存';
    }
    const changed = await consoleHttp.post<object>('staff/roles', { id: target.staff.id, roles: values.roles }, { silent: true });
    return 'pendingChangeId' in changed ? STAFF_CHANGE_PENDING_MESSAGE : '角色已调整';
  });
  const editing = edit.editing;

  function open(next: Editing) {
    if (next.mode === 'edit') edit.open(next, { name: next.staff.name, phone: next.staff.phone, departmentId: next.staff.departmentId ?? undefined });
    else if (next.mode === 'roles') edit.open(next, { roles: next.staff.roles.map((r) => r.code) });
    else edit.open(next);
  }

  async function openEdit(row: StaffRow) {
    open({ mode: 'edit', staff: await consoleHttp.get<StaffDetail>('staff/detail', { id: row.id }) });
  }

  async function toggle(row: StaffRow) {
    const disabling = row.status === 'active';
    const sure = await confirm(disabling ? `停用后 ${row.name} 将立即退出并无法登录，确定停用？` : `确定启用 ${row.name} 的账号？`);
    if (!sure) return;
    const done = await consoleHttp.post<object>('staff/status', { id: row.id, status: disabling ? 'disabled' : 'active' });
    notify('success', 'pendingChangeId' in done ? STAFF_CHANGE_PENDING_MESSAGE : disabling ? '账号已停用' : '账号已启用');
    list.reload();
  }

  async function reset(row: StaffRow) {
    if (!(await confirm(`重置后 ${row.name} 的原密码立即失效、所有登录会话结束，下次登录须修改新密码。确定重置？`))) return;
    const done = await consoleHttp.post<{ password: string } | StaffChangePending>('staff/reset-password', { id: row.id });
    if ('pendingChangeId' in done) notify('success', STAFF_CHANGE_PENDING_MESSAGE);
    else showPassword('密码已重置', `${row.name}（${row.loginName}）`, done.password);
    list.reload();
  }

  async function unlock(row: StaffRow) {
    await consoleHttp.post('staff/unlock', { id: row.id });
    notify('success', '已解除锁定');
    list.reload();
  }

  const self = (row: StaffRow) => row.id === me?.id;
  const columns: ConsoleColumn<StaffRow>[] = [
    { key: 'loginName', title: '登录账号', dataIndex: 'loginName', width: 120, ellipsis: { showTitle: true }, ...sortable('loginName', query) },
    { key: 'name', title: '姓名', dataIndex: 'name', width: 100, ellipsis: { showTitle: true }, ...sortable('name', query) },
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 120 },
    { key: 'department', title: '部门', width: 120, ellipsis: { showTitle: true }, render: (_, r) => r.department?.name ?? '-' },
    { key: 'roles', title: '角色', minWidth: 140, render: (_, r) => r.roles.map((x) => <Tag key={x.code}>{x.name}</Tag>) },
    {
      key: 'status',
      title: '状态',
      width: 130,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={r.status === 'active' ? 'green' : 'default'}>{STAFF_STATUS_TEXT[r.status]}</Tag>
          {r.lockedUntil && <Tag color="red">已锁定</Tag>}
          {r.mustChangePassword && <Tag color="orange">待改密</Tag>}
        </Space>
      ),
    },
    { key: 'lastLoginAt', title: '最近登录', width: 170, ...sortable('lastLoginAt', query), render: (_, r) => <DateText>{formatDateTime(r.lastLoginAt)}</DateText> },
    {
      key: 'actions',
      title: '操作',
      width: 200,
      // The table scrolls sideways in a window of 1,280 px or less: its actions stay in view.
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => openEdit(r)}>
            编辑
          </Button>
          {!self(r) && (
            <>
              <Button type="link" size="small" onClick={() => open({ mode: 'roles', staff: r })}>
                角色
              </Button>
              <Button type="link" size="small" onClick={() => reset(r)}>
                重置密码
              </Button>
              <Button type="link" size="small" danger={r.status === 'active'} onClick={() => toggle(r)}>
                {r.status === 'active' ? '停用' : '启用'}
              </Button>
            </>
          )}
          {r.lockedUntil && (
            <Button type="link" size="small" onClick={() => unlock(r)}>
              解锁
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const settings = useTableSettings('staff', table, columns);
  return (
    <ConsolePage
      title="工作人员"
      extra={
        <Space>
          {settings.toolbar}
          <Button type="primary" onClick={() => open({ mode: 'create' })}>
            新建工作人员
          </Button>
        </Space>
      }
    >
      {waiting > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${waiting} 项安全审计员账号变更正等待安全审计员确认，确认前不生效`}
          action={<Link to="/console/staff-changes?status=pending">查看</Link>}
        />
      )}
      <ListFilters values={{ keyword: query.keyword, status: query.status, departmentId: query.departmentId, role: query.role }} onSearch={list.search}>
        <Form.Item name="keyword">
          <Input placeholder="账号、姓名或手机号" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select aria-label="状态" placeholder="状态" allowClear style={{ width: 110 }} options={Object.entries(STAFF_STATUS_TEXT).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="departmentId">
          <Select aria-label="部门" placeholder="部门" allowClear style={{ width: 160 }} options={departments} />
        </Form.Item>
        <Form.Item name="role">
          <Select aria-label="角色" placeholder="角色" allowClear style={{ width: 140 }} options={roles.map((r) => ({ value: r.code, label: r.name }))} />
        </Form.Item>
      </ListFilters>
      <Table<StaffRow>
        rowKey="id"
        // Fits the content width at 1,440 px (sider 220) without scrolling, so the fixed 操作 column covers nothing there.
        scroll={{ x: 1080 }}
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        size={settings.size}
        onChange={sortChange(list.search)}
        columns={settings.columns}
      />
      <FormDrawer open={!!editing} title={drawerTitle(editing)} size={480} form={edit.form} busy={edit.busy} onClose={edit.close}>
        <Form form={edit.form} layout="vertical" onFinish={edit.save} autoComplete="off">
          {editing?.mode === 'create' && (
            <Form.Item name="loginName" label="登录账号" rules={[zodRule(fields.loginName)]} extra="字母开头，可含数字、点、下划线和短横线；创建后不能修改">
              <Input maxLength={32} />
            </Form.Item>
          )}
          {editing?.mode !== 'roles' && (
            <>
              <Form.Item name="name" label="姓名" rules={[zodRule(fields.name)]}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="phone" label="手机号" rules={[zodRule(fields.phone)]} extra="登录时的短信验证码发送到此号码">
                <Input maxLength={11} inputMode="numeric" />
              </Form.Item>
              <Form.Item name="departmentId" label="所属部门" extra="部门办理人必须选择部门">
                <Select allowClear placeholder="请选择部门" options={departments} />
              </Form.Item>
            </>
          )}
          {editing?.mode !== 'edit' && (
            <Form.Item name="roles" label="角色" rules={[zodRule(fields.roles)]} extra="三权分立：系统管理、安全审计与业务三类角色不能兼任；授予或取消安全审计员角色须经安全审计员确认后生效">
              <RoleSelect roles={roles} />
            </Form.Item>
          )}
        </Form>
      </FormDrawer>
    </ConsolePage>
  );
}
