import { Button, Form, Input, InputNumber, Modal, Space, Table, Tag } from 'antd';
import type { Route } from './+types/console.departments';
import { departmentSaveSchema, STAFF_STATUS_TEXT, type DepartmentRow, type DepartmentSave } from '#contract/staff.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '部门管理 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'system:department:manage');
  return { departments: await args.context.services.department.list() };
}

const fields = departmentSaveSchema.shape;

/** 部门管理: the bureau's departments (staff belong to one; appeals are assigned to one). */
export default function DepartmentsPage({ loaderData }: Route.ComponentProps) {
  const edit = useConsoleForm<DepartmentRow | 'new', DepartmentSave>(async (values, target) => {
    await consoleHttp.post('department/save', { ...values, id: target === 'new' ? null : target.id }, { silent: true });
    return '部门已保存';
  });
  const open = (d: DepartmentRow | 'new') =>
    edit.open(d, d === 'new' ? { sort: (loaderData.departments.at(-1)?.sort ?? 0) + 10 } : { name: d.name, sort: d.sort });

  async function toggle(d: DepartmentRow) {
    const disabling = d.status === 'active';
    if (disabling && !(await confirm(`停用后“${d.name}”不能再被选择，确定停用？`))) return;
    await consoleHttp.post('department/status', { id: d.id, status: disabling ? 'disabled' : 'active' });
    notify('success', disabling ? '部门已停用' : '部门已启用');
    edit.reload();
  }

  return (
    <ConsolePage
      title="部门管理"
      extra={
        <Button type="primary" onClick={() => open('new')}>
          新建部门
        </Button>
      }
    >
      <Table<DepartmentRow>
        rowKey="id"
        dataSource={loaderData.departments}
        pagination={false}
        columns={[
          { title: '部门名称', dataIndex: 'name' },
          { title: '排序', dataIndex: 'sort', width: 100 },
          { title: '人数', dataIndex: 'staffCount', width: 100 },
          { title: '状态', width: 100, render: (_, d) => <Tag color={d.status === 'active' ? 'green' : 'default'}>{STAFF_STATUS_TEXT[d.status]}</Tag> },
          {
            title: '操作',
            width: 160,
            render: (_, d) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(d)}>
                  编辑
                </Button>
                <Button type="link" size="small" danger={d.status === 'active'} onClick={() => toggle(d)}>
                  {d.status === 'active' ? '停用' : '启用'}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!edit.editing}
        title={edit.editing === 'new' ? '新建部门' : '编辑部门'}
        onCancel={edit.close}
        onOk={() => edit.form.submit()}
        okText="保存"
        confirmLoading={edit.busy}
        destroyOnHidden
      >
        <Form form={edit.form} layout="vertical" onFinish={edit.save} autoComplete="off">
          <Form.Item name="name" label="部门名称" rules={[zodRule(fields.name)]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="sort" label="排序" rules={[zodRule(fields.sort)]} extra="数字小的排在前面">
            <InputNumber min={0} max={9999} style={{ width: 160 }} />
          </Form.Item>
        </Form>
      </Modal>
    </ConsolePage>
  );
}
