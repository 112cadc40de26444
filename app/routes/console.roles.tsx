import { Button, Checkbox, Form, Input, Space, Table, Tag, Tooltip } from 'antd';
import type { Route } from './+types/console.roles';
import { ALL_PERMISSIONS, PERMISSION_KIND, PERMISSIONS, type Permission } from '#contract/permissions.ts';
import { ROLE_KIND_TEXT, roleSaveSchema, type RoleRow, type RoleSave } from '#contract/staff.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { FormDrawer } from '#app/features/console/form-drawer.tsx';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '角色权限 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'system:role:manage');
  return { roles: await args.context.services.staffRole.list() };
}

const fields = roleSaveSchema.shape;
/** Custom roles hold business permissions only (三权分立), grouped as the catalogue groups them. */
const BUSINESS = ALL_PERMISSIONS.filter((p) => PERMISSION_KIND[p] === 'business');
const GROUPS: [string, Permission[]][] = [
  ['内容', BUSINESS.filter((p) => p.startsWith('content:'))],
  ['诉求', BUSINESS.filter((p) => p.startsWith('appeal:') || p.startsWith('evaluation:'))],
  ['申报与免申即享', BUSINESS.filter((p) => p.startsWith('declare:') || p.startsWith('free-declare:'))],
];

/** 角色权限: the eight built-in roles (fixed) and business roles a system administrator adds. */
export default function RolesPage({ loaderData }: Route.ComponentProps) {
  const edit = useConsoleForm<RoleRow | 'new', RoleSave>(async (values, target) => {
    await consoleHttp.post('role/save', { ...values, id: target === 'new' ? null : target.id }, { silent: true });
    return '角色已保存';
  });
  const editing = edit.editing;
  const open = (role: RoleRow | 'new') => edit.open(role, role === 'new' ? undefined : { code: role.code, name: role.name, permissions: role.permissions as Permission[] });

  async function remove(role: RoleRow) {
    if (!(await confirm(`确定删除角色“${role.name}”？`))) return;
    await consoleHttp.post('role/delete', { id: role.id });
    notify('success', '角色已删除');
    edit.reload();
  }

  return (
    <ConsolePage
      title="角色权限"
      extra={
        <Button type="primary" onClick={() => open('new')}>
          新建业务角色
        </Button>
      }
    >
      <Table<RoleRow>
        rowKey="id"
        dataSource={loaderData.roles}
        pagination={false}
        columns={[
          {
            title: '角色',
            width: 180,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <strong>{r.name}</strong>
                <span style={{ color: 'rgba(0,0,0,.6)' }}>{r.code}</span>
              </Space>
            ),
          },
          { title: '类别', width: 110, render: (_, r) => <Tag color={r.kind === 'system' ? 'purple' : r.kind === 'audit' ? 'gold' : 'blue'}>{ROLE_KIND_TEXT[r.kind]}</Tag> },
          {
            title: '权限',
            render: (_, r) => r.permissions.map((p) => <Tag key={p}>{PERMISSIONS[p as Permission] ?? p}</Tag>),
          },
          { title: '人数', dataIndex: 'staffCount', width: 70 },
          {
            title: '操作',
            width: 140,
            render: (_, r) =>
              r.builtin ? (
                <Tooltip title="内置角色的权限由系统规定（三权分立），不能修改或删除">
                  <Tag>内置</Tag>
                </Tooltip>
              ) : (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => open(r)}>
                    编辑
                  </Button>
                  <Button type="link" size="small" danger onClick={() => remove(r)}>
                    删除
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <FormDrawer
        open={!!editing}
        title={editing === 'new' ? '新建业务角色' : `编辑角色：${editing?.name ?? ''}`}
        size={560}
        form={edit.form}
        busy={edit.busy}
        onClose={edit.close}
      >
        <Form form={edit.form} layout="vertical" onFinish={edit.save} autoComplete="off">
          <Form.Item name="code" label="角色编码" rules={[zodRule(fields.code)]} extra="小写字母开头，可含数字和短横线；创建后不能修改">
            <Input maxLength={30} disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name="name" label="角色名称" rules={[zodRule(fields.name)]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="permissions" label="权限" rules={[zodRule(fields.permissions)]} extra="自定义角色只能包含业务权限；系统管理与安全审计权限只属于内置角色">
            <Checkbox.Group style={{ display: 'block' }}>
              {GROUPS.map(([group, perms]) => (
                <fieldset key={group} style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
                  <legend style={{ fontSize: 13, color: 'rgba(0,0,0,.55)', marginBottom: 4, border: 0 }}>{group}</legend>
                  <Space orientation="vertical" size={4}>
                    {perms.map((p) => (
                      <Checkbox key={p} value={p}>
                        {PERMISSIONS[p]}
                      </Checkbox>
                    ))}
                  </Space>
                </fieldset>
              ))}
            </Checkbox.Group>
          </Form.Item>
        </Form>
      </FormDrawer>
    </ConsolePage>
  );
}
