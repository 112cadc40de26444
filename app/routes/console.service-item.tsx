import { Button, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import type { Route } from './+types/console.service-item';
import {
  SERVICE_ICON_LABELS,
  SERVICE_ICONS,
  serviceItemConsoleQuerySchema,
  serviceItemSaveSchema,
  type ServiceIcon,
  type ServiceItemConsoleRow,
  type ServiceItemSave,
} from '#contract/service-item.ts';
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

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '服务事项 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'content:service-item:edit');
  const query = parseSearch(serviceItemConsoleQuerySchema, consoleListParams(args.url));
  return { page: await args.context.services.serviceItem.consoleList(query), query };
}

const fields = serviceItemSaveSchema.shape;
const ICON_OPTIONS = SERVICE_ICONS.map((icon) => ({ value: icon, label: SERVICE_ICON_LABELS[icon] }));
type Editing = ServiceItemConsoleRow | 'new';

/** 服务事项: the home page's quick links, for content editors. A change shows there at once. */
export default function ServiceItemConsolePage({ loaderData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const list = useListUrl();
  const edit = useConsoleForm<Editing, ServiceItemSave>(async (values, target) => {
    await consoleHttp.post('service-item/save', { ...values, id: target === 'new' ? null : target.id }, { silent: true });
    return '服务事项已保存，首页已更新';
  });
  const open = (row: Editing) => edit.open(row, row === 'new' ? { sort: (page.total + 1) * 10 } : { ...row, icon: row.icon as ServiceIcon });

  return (
    <ConsolePage
      title="服务事项"
      extra={
        <Button type="primary" onClick={() => open('new')}>
          新增服务事项
        </Button>
      }
    >
      <ListFilters values={{ keyword: query.keyword, status: query.status }} onSearch={list.search}>
        <Form.Item name="keyword" label="关键词">
          <Input placeholder="名称或说明" allowClear maxLength={50} />
        </Form.Item>
        <EnabledFilter />
      </ListFilters>
      <Table<ServiceItemConsoleRow>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        columns={[
          { title: '名称', dataIndex: 'name', width: 140 },
          { title: '图标', width: 90, render: (_, r) => SERVICE_ICON_LABELS[r.icon as ServiceIcon] ?? r.icon },
          { title: '链接', dataIndex: 'url', ellipsis: true },
          { title: '说明', dataIndex: 'description', ellipsis: true },
          { title: '排序', dataIndex: 'sort', width: 70 },
          { title: '状态', width: 80, render: (_, r) => <EnabledTag enabled={r.enabled} /> },
          {
            title: '操作',
            width: 220,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" aria-label={`编辑 ${r.name}`} onClick={() => open(r)}>
                  编辑
                </Button>
                <EnabledToggle domain="service-item" id={r.id} enabled={r.enabled} name={r.name} onDone={list.reload} />
                <MoveButtons domain="service-item" rows={page.records} row={r} name={r.name} onDone={list.reload} />
              </Space>
            ),
          },
        ]}
      />
      <FormDrawer open={!!edit.editing} title={edit.editing === 'new' ? '新增服务事项' : '编辑服务事项'} size={520} form={edit.form} busy={edit.busy} onClose={edit.close}>
        <Form form={edit.form} name="service-item" layout="vertical" onFinish={edit.save} autoComplete="off">
          <Form.Item name="name" label="名称" rules={[zodRule(fields.name)]}>
            <Input maxLength={20} placeholder="如：企业开办" />
          </Form.Item>
          <Form.Item name="icon" label="图标" rules={[zodRule(fields.icon)]}>
            <Select options={ICON_OPTIONS} placeholder="请选择图标" />
          </Form.Item>
          <Form.Item name="url" label="链接地址" rules={[zodRule(fields.url)]} extra="本站页面填路径（如 /free-apply），外部网站填 https:// 开头的完整网址">
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item name="description" label="说明" rules={[zodRule(fields.description)]}>
            <Input.TextArea maxLength={100} rows={2} showCount />
          </Form.Item>
          <Form.Item name="sort" label="排序" rules={[zodRule(fields.sort)]} extra="数字小的排在前面">
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Form>
      </FormDrawer>
    </ConsolePage>
  );
}
