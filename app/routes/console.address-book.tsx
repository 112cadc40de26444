import { Button, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import type { Route } from './+types/console.address-book';
import { addressBookConsoleQuerySchema, addressBookSaveSchema, type AddressBookConsoleRow, type AddressBookSave } from '#contract/address-book.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { EnabledTag, EnabledToggle, EnabledFilter } from '#app/features/console/enabled-toggle.tsx';
import { FormDrawer } from '#app/features/console/form-drawer.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { MoveButtons } from '#app/features/console/move-buttons.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '政务通讯录 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'content:address-book:edit');
  const { addressBook } = args.context.services;
  const query = parseSearch(addressBookConsoleQuerySchema, consoleListParams(args.url));
  const [page, departments] = await Promise.all([addressBook.consoleList(query), addressBook.departments()]);
  return { page, departments, query };
}

const fields = addressBookSaveSchema.shape;
type Editing = AddressBookConsoleRow | 'new';

/** 政务通讯录: the entries of /address-book, for content editors. A change shows there at once. */
export default function AddressBookConsolePage({ loaderData }: Route.ComponentProps) {
  const { page, departments, query } = loaderData;
  const list = useListUrl();
  const edit = useConsoleForm<Editing, AddressBookSave>(async (values, target) => {
    await consoleHttp.post('address-book/save', { ...values, id: target === 'new' ? null : target.id }, { silent: true });
    return '通讯录条目已保存，公开通讯录已更新';
  });
  const open = (row: Editing) => edit.open(row, row === 'new' ? { departmentSort: 0, sort: 0 } : row);

  return (
    <ConsolePage
      title="政务通讯录"
      extra={
        <Button type="primary" onClick={() => open('new')}>
          新增条目
        </Button>
      }
    >
      <ListFilters values={{ keyword: query.keyword, department: query.department, status: query.status }} onSearch={list.search}>
        <Form.Item name="keyword" label="关键词">
          <Input placeholder="姓名、岗位、部门或职责" allowClear maxLength={50} />
        </Form.Item>
        <Form.Item name="department" label="部门">
          <Select allowClear placeholder="全部部门" style={{ width: 180 }} options={departments.map((d) => ({ value: d, label: d }))} />
        </Form.Item>
        <EnabledFilter />
      </ListFilters>
      <Table<AddressBookConsoleRow>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        columns={[
          { title: '部门', dataIndex: 'department', width: 160 },
          { title: '姓名或岗位', dataIndex: 'name', width: 180 },
          { title: '电话', dataIndex: 'phone', width: 140 },
          { title: '职责', dataIndex: 'duties', ellipsis: true },
          { title: '排序', dataIndex: 'sort', width: 70 },
          { title: '状态', width: 80, render: (_, r) => <EnabledTag enabled={r.enabled} /> },
          {
            title: '操作',
            width: 220,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(r)}>
                  编辑
                </Button>
                <EnabledToggle domain="address-book" id={r.id} enabled={r.enabled} name={r.name} onDone={list.reload} />
                <MoveButtons domain="address-book" rows={page.records} row={r} name={r.name} sameGroup={(a, b) => a.department === b.department} onDone={list.reload} />
              </Space>
            ),
          },
        ]}
      />
      <FormDrawer
        open={!!edit.editing}
        title={edit.editing === 'new' ? '新增通讯录条目' : '编辑通讯录条目'}
        size={520}
        form={edit.form}
        busy={edit.busy}
        onClose={edit.close}
      >
        <Form form={edit.form} name="address-book-entry" layout="vertical" onFinish={edit.save} autoComplete="off">
          <Form.Item name="department" label="部门" rules={[zodRule(fields.department)]}>
            <Input maxLength={50} list="address-book-departments" />
          </Form.Item>
          <datalist id="address-book-departments">
            {departments.map((d) => (
              <option key={d} value={d} />
            ))}
          </datalist>
          <Form.Item name="name" label="姓名或岗位" rules={[zodRule(fields.name)]}>
            <Input maxLength={50} placeholder="如：企业服务窗口" />
          </Form.Item>
          <Form.Item name="phone" label="电话" rules={[zodRule(fields.phone)]}>
            <Input maxLength={30} placeholder="如：021-55550101" />
          </Form.Item>
          <Form.Item name="address" label="办公地址" rules={[zodRule(fields.address)]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="duties" label="职责" rules={[zodRule(fields.duties)]}>
            <Input.TextArea maxLength={500} rows={3} showCount />
          </Form.Item>
          <Space size="large">
            <Form.Item name="departmentSort" label="部门排序" rules={[zodRule(fields.departmentSort)]} extra="同一部门的条目填相同数字，小的在前">
              <InputNumber min={0} max={9999} />
            </Form.Item>
            <Form.Item name="sort" label="部门内排序" rules={[zodRule(fields.sort)]} extra="数字小的排在前面">
              <InputNumber min={0} max={9999} />
            </Form.Item>
          </Space>
        </Form>
      </FormDrawer>
    </ConsolePage>
  );
}
