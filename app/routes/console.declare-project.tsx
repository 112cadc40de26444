import { Button, Checkbox, DatePicker, Form, Input, Select, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { Route } from './+types/console.declare-project';
import { editorStyleLinks } from '#app/features/console-content/editor-styles.ts';
import {
  declareProjectConsoleQuerySchema,
  materialInputSchema,
  PROJECT_SWITCH_WORDS,
  type DeclareProjectConsoleRow,
  type DeclareProjectSaveRequest,
} from '#contract/declare-project.ts';
import type { FileRef } from '#contract/envelope.ts';
import { TEMPLATES, type TemplateType } from '#contract/files.ts';
import { formatDate } from '#contract/format.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { DateText } from '#app/features/console/date-text.tsx';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { consoleUploader } from '#app/features/console/console-upload.ts';
import { EnabledFilter, EnabledTag, EnabledToggle } from '#app/features/console/enabled-toggle.tsx';
import { FormDrawer } from '#app/features/console/form-drawer.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { RichTextEditor } from '#app/features/console-content/rich-text-editor.tsx';
import { amountText, ProjectFields } from '#app/features/console-project/project-fields.tsx';
import { PushTold } from '#app/features/console-project/push-told.tsx';
import { UploadField } from '#app/components/upload/upload-field.tsx';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';

export const links: Route.LinksFunction = editorStyleLinks;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '申报项目 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'declare:project:edit');
  const { declareProject, dict } = args.context.services;
  const query = parseSearch(declareProjectConsoleQuerySchema, consoleListParams(args.url));
  const [page, categories] = await Promise.all([declareProject.consoleList(query), dict.options('declare_category')]);
  return { page, categories, query };
}

const sendToConsole = consoleUploader('files/upload');
const materialFields = materialInputSchema.shape;
const TEMPLATE_OPTIONS = TEMPLATES.map((t) => ({ value: t.type, label: t.name }));

interface MaterialValues {
  id?: number | null;
  name: string;
  required: boolean;
  templateType?: TemplateType | null;
  templateFiles?: FileRef[];
}
type Values = Omit<DeclareProjectSaveRequest, 'applyStart' | 'applyEnd' | 'materials'> & { window?: [Dayjs, Dayjs]; materials?: MaterialValues[] };
type Editing = DeclareProjectConsoleRow | 'new';

function toForm(r: DeclareProjectConsoleRow): Partial<Values> {
  return {
    ...r,
    window: [dayjs(r.applyStart), dayjs(r.applyEnd)],
    materials: r.materials.map((m) => ({ id: m.id, name: m.name, required: m.required, templateType: m.templateType, templateFiles: m.template ? [m.template] : [] })),
  };
}

function toRequest(v: Values, id: number | null): DeclareProjectSaveRequest {
  const { window, materials, ...rest } = v;
  return {
    ...rest,
    id,
    applyStart: window?.[0]?.format('YYYY-MM-DD') ?? '',
    applyEnd: window?.[1]?.format('YYYY-MM-DD') ?? '',
    materials: (materials ?? []).map(({ templateFiles, ...m }) => ({ ...m, template: templateFiles?.[0] ?? null })),
  };
}

/**
 * 申报项目: the projects of /free-apply?tab=declare with their materials and templates, for
 * reviewers. A new project stays private until 发布; a change shows on the portal at once.
 */
export default function DeclareProjectConsolePage({ loaderData }: Route.ComponentProps) {
  const { page, categories, query } = loaderData;
  const list = useListUrl();
  const [uploading, setUploading] = useState(false);
  const edit = useConsoleForm<Editing, Values>(async (values, target) => {
    await consoleHttp.post('declare-project/save', toRequest(values, target === 'new' ? null : target.id), { silent: true });
    return target === 'new' ? '已保存，项目尚未公开；检查无误后点“发布”' : '申报项目已保存，门户已更新';
  });
  const open = (row: Editing) => edit.open(row, row === 'new' ? { materials: [{ name: '项目申报书', required: true, templateType: 'declaration' }] } : toForm(row));

  return (
    <ConsolePage
      title="申报项目"
      extra={
        <Button type="primary" onClick={() => open('new')}>
          新建项目
        </Button>
      }
    >
      <ListFilters values={{ keyword: query.keyword, status: query.status }} onSearch={list.search}>
        <Form.Item name="keyword" label="关键词">
          <Input placeholder="项目名称" allowClear maxLength={50} />
        </Form.Item>
        <EnabledFilter words={PROJECT_SWITCH_WORDS} />
      </ListFilters>
      <Table<DeclareProjectConsoleRow>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        // In 关怀模式 the columns keep their widths and the table scrolls, rather than its headers wrapping.
        scroll={{ x: 1150 }}
        columns={[
          { title: '项目名称', dataIndex: 'name', minWidth: 220, ellipsis: { showTitle: true } },
          { title: '类别', dataIndex: 'categoryText', width: 110 },
          { title: '金额', width: 120, render: (_, r) => amountText(r) },
          {
            title: '申报时间',
            width: 220,
            render: (_, r) => (
              <>
                <DateText>{formatDate(r.applyStart)}</DateText> 至 <DateText>{formatDate(r.applyEnd)}</DateText>
              </>
            ),
          },
          { title: '申报阶段', dataIndex: 'statusText', width: 100 },
          { title: '材料', width: 70, render: (_, r) => r.materials.length },
          { title: '申报数', dataIndex: 'declarations', width: 80 },
          { title: '状态', width: 80, render: (_, r) => <EnabledTag enabled={r.enabled} words={PROJECT_SWITCH_WORDS} /> },
          {
            title: '操作',
            width: 130,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" aria-label={`编辑 ${r.name}`} onClick={() => open(r)}>
                  编辑
                </Button>
                <EnabledToggle domain="declare-project" id={r.id} enabled={r.enabled} name={r.name} words={{ on: '发布', off: '下线' }} onDone={list.reload} />
              </Space>
            ),
          },
        ]}
      />
      <FormDrawer open={!!edit.editing} title={edit.editing === 'new' ? '新建申报项目' : '编辑申报项目'} size={820} form={edit.form} busy={edit.busy || uploading} onClose={edit.close}>
        <Form form={edit.form} name="declare-project" layout="vertical" onFinish={edit.save} autoComplete="off">
          <ProjectFields categories={categories} contentEditor={<RichTextEditor ariaLabel="项目说明" />}>
            {/* The field's label names the first date; the second gets a label of its own for screen readers. */}
            <Form.Item name="window" label="申报时间" htmlFor="declare-project-start" rules={[{ required: true, message: '请选择申报开始和截止日期' }]}>
              <DatePicker.RangePicker id={{ start: 'declare-project-start', end: 'declare-project-end' }} placeholder={['开始日期', '截止日期']} />
            </Form.Item>
            <label htmlFor="declare-project-end" className="visually-hidden">
              申报截止日期
            </label>
          </ProjectFields>
          <fieldset className="console-fieldset">
            <legend>申报材料</legend>
            <Form.List name="materials">
              {(lines, { add, remove, move }) => (
                <>
                  {lines.map((line, i) => (
                    <div key={line.key} className="console-material">
                      {/* The line's id rides along: the form hands on only fields it has, and a line without its id reads as removed. */}
                      <Form.Item name={[line.name, 'id']} hidden>
                        <Input />
                      </Form.Item>
                      <Form.Item name={[line.name, 'name']} label={`材料 ${i + 1}`} rules={[zodRule(materialFields.name)]}>
                        <Input maxLength={200} placeholder="如：营业执照复印件" />
                      </Form.Item>
                      <Space wrap align="start">
                        <Form.Item name={[line.name, 'required']} valuePropName="checked">
                          <Checkbox>必须上传</Checkbox>
                        </Form.Item>
                        <Form.Item name={[line.name, 'templateType']} label="通用模板">
                          <Select allowClear placeholder="无" style={{ width: 200 }} options={TEMPLATE_OPTIONS} />
                        </Form.Item>
                        <Form.Item name={[line.name, 'templateFiles']} label="本项目模板文件" extra="上传后门户提供下载，优先于通用模板">
                          <UploadField send={sendToConsole} maxCount={1} onBusyChange={setUploading} buttonText="上传模板" />
                        </Form.Item>
                      </Space>
                      <Space size={0}>
                        <Button type="link" size="small" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`上移材料 ${i + 1}`}>
                          上移
                        </Button>
                        <Button type="link" size="small" disabled={i === lines.length - 1} onClick={() => move(i, i + 1)} aria-label={`下移材料 ${i + 1}`}>
                          下移
                        </Button>
                        <Button type="link" size="small" danger onClick={() => remove(line.name)} aria-label={`删除材料 ${i + 1}`}>
                          删除
                        </Button>
                      </Space>
                    </div>
                  ))}
                  <Button onClick={() => add({ required: true })}>添加材料</Button>
                </>
              )}
            </Form.List>
          </fieldset>
        </Form>
        {edit.editing && edit.editing !== 'new' && <PushTold kind="declare-project" id={edit.editing.id} />}
      </FormDrawer>
    </ConsolePage>
  );
}
