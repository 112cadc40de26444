import { Button, Form, Input, InputNumber, Menu, Space, Table } from 'antd';
import { useNavigate } from 'react-router';
import type { Route } from './+types/console.dict';
import { dictOptionSaveSchema, type DictConsoleOption } from '#contract/dict.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { EnabledTag, EnabledToggle } from '#app/features/console/enabled-toggle.tsx';
import { FormDrawer } from '#app/features/console/form-drawer.tsx';
import { MoveButtons } from '#app/features/console/move-buttons.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '数据字典 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'system:dict:manage');
  const { dict } = args.context.services;
  const types = await dict.types();
  const wanted = args.url.searchParams.get('dictCode');
  const current = types.find((t) => t.code === wanted) ?? types[0] ?? null;
  return { types, current, options: current ? await dict.consoleOptions(current.code) : [] };
}

const fields = dictOptionSaveSchema.shape;
interface OptionValues {
  id: string;
  text: string;
  sort: number;
}
type Editing = DictConsoleOption | 'new';

/**
 * 数据字典: the options of every select (诉求类型, 政策类别, 行业...), for system administrators.
 * A stopped option leaves the selects but keeps its name on the records that hold it.
 */
export default function DictConsolePage({ loaderData }: Route.ComponentProps) {
  const { types, current, options } = loaderData;
  const navigate = useNavigate();
  const edit = useConsoleForm<Editing, OptionValues>(async (values, target) => {
    const enabled = target === 'new' ? true : target.enabled;
    await consoleHttp.post('dict/save', { ...values, dictCode: current?.code, enabled }, { silent: true });
    return '字典选项已保存，各处下拉选项已更新';
  });
  const open = (row: Editing) => edit.open(row, row === 'new' ? { sort: ((options.at(-1)?.sort ?? 0) + 10) } : row);
  const code = current?.code ?? '';

  return (
    <ConsolePage
      title="数据字典"
      extra={
        current && (
          <Button type="primary" onClick={() => open('new')}>
            新增选项
          </Button>
        )
      }
    >
      <div className="console-split">
        <nav aria-label="字典" className="console-split__nav">
          <Menu
            mode="inline"
            selectedKeys={[code]}
            onClick={({ key }) => navigate(`?dictCode=${encodeURIComponent(key)}`)}
            items={types.map((t) => ({ key: t.code, label: `${t.name}（${t.count}）` }))}
          />
        </nav>
        <div className="console-split__main">
          <h2 className="console-split__title">
            {current?.name} <code>{code}</code>
          </h2>
          <Table<DictConsoleOption>
            rowKey="id"
            dataSource={options}
            pagination={false}
            columns={[
              { title: '选项名称', dataIndex: 'text' },
              { title: '选项值', dataIndex: 'id', width: 160 },
              { title: '排序', dataIndex: 'sort', width: 80 },
              { title: '状态', width: 80, render: (_, r) => <EnabledTag enabled={r.enabled} /> },
              {
                title: '操作',
                width: 230,
                render: (_, r) => (
                  <Space size={0}>
                    <Button type="link" size="small" aria-label={`编辑 ${r.text}`} onClick={() => open(r)}>
                      编辑
                    </Button>
                    <EnabledToggle domain="dict" payload={{ dictCode: code, id: r.id }} enabled={r.enabled} name={r.text} onDone={edit.reload} />
                    <MoveButtons domain="dict" payload={{ dictCode: code }} rows={options} row={r} name={r.text} onDone={edit.reload} />
                  </Space>
                ),
              },
            ]}
          />
        </div>
      </div>
      <FormDrawer open={!!edit.editing} title={edit.editing === 'new' ? `新增「${current?.name}」选项` : '编辑字典选项'} size={480} form={edit.form} busy={edit.busy} onClose={edit.close}>
        <Form form={edit.form} name="dict-option" layout="vertical" onFinish={edit.save} autoComplete="off">
          <Form.Item name="text" label="选项名称" rules={[zodRule(fields.text)]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="id"
            label="选项值"
            rules={[zodRule(fields.id)]}
            extra={edit.editing === 'new' ? '保存到各条记录中的代码，字母、数字、下划线或短横线；保存后不能修改' : '已有记录使用该代码，不能修改'}
          >
            <Input maxLength={30} disabled={edit.editing !== 'new'} />
          </Form.Item>
          <Form.Item name="sort" label="排序" rules={[zodRule(fields.sort)]} extra="数字小的排在前面">
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Form>
      </FormDrawer>
    </ConsolePage>
  );
}
