import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/console.free-project';
import { editorStyleLinks } from '#app/features/console-content/editor-styles.ts';
import { formatDate } from '#contract/format.ts';
import {
  FREE_PROJECT_STATUS,
  FREE_PROJECT_STATUSES,
  freeProjectConsoleQuerySchema,
  type FreeProjectConsoleRow,
  type FreeProjectSaveRequest,
  type FreeProjectStatus,
} from '#contract/free-project.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { FormDrawer } from '#app/features/console/form-drawer.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { RichTextEditor } from '#app/features/console-content/rich-text-editor.tsx';
import { amountText, ProjectFields } from '#app/features/console-project/project-fields.tsx';
import { PushTold } from '#app/features/console-project/push-told.tsx';
import { confirm, notify } from '#app/lib/feedback.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';

export const links: Route.LinksFunction = editorStyleLinks;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '免申即享项目 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, 'free-declare:project:edit');
  const { freeProject, dict } = args.context.services;
  const query = parseSearch(freeProjectConsoleQuerySchema, consoleListParams(args.url));
  const [page, categories] = await Promise.all([freeProject.consoleList(query), dict.options('declare_category')]);
  return { page, categories, query, mayImport: staff.permissions.includes('free-declare:manage') };
}

const STATUS_COLOR: Record<FreeProjectStatus, string> = { draft: 'default', published: 'green', closed: 'orange' };
type Editing = FreeProjectConsoleRow | 'new';

/**
 * 免申即享项目: draft → published → closed, for reviewers. Publishing puts a project on /free-apply
 * and opens it to its eligibility list (导入名单); closing takes it off and keeps its rows.
 */
export default function FreeProjectConsolePage({ loaderData }: Route.ComponentProps) {
  const { page, categories, query, mayImport } = loaderData;
  const list = useListUrl();
  const edit = useConsoleForm<Editing, FreeProjectSaveRequest>(async (values, target) => {
    await consoleHttp.post('free-project/save', { ...values, id: target === 'new' ? null : target.id }, { silent: true });
    return target === 'new' ? '已保存为草稿，检查无误后点“发布”' : '免申即享项目已保存';
  });
  const open = (row: Editing) => edit.open(row, row === 'new' ? { amountMin: null, amountMax: null } : row);

  async function move(row: FreeProjectConsoleRow, action: 'publish' | 'close') {
    const question = action === 'publish' ? `发布后门户将显示“${row.name}”，并可导入名单。确定发布？` : `结束后门户不再显示“${row.name}”，也不能再导入名单，已有名单保留。确定结束？`;
    if (!(await confirm(question))) return;
    await consoleHttp.post(`free-project/${action}`, { id: row.id });
    notify('success', action === 'publish' ? `已发布“${row.name}”，门户已显示，可以导入名单` : `“${row.name}”已结束，门户不再显示`);
    list.reload();
  }

  return (
    <ConsolePage
      title="免申即享项目"
      extra={
        <Space>
          <Link to="/console/free-declare">
            <Button>免申即享名单</Button>
          </Link>
          <Button type="primary" onClick={() => open('new')}>
            新建项目
          </Button>
        </Space>
      }
    >
      <ListFilters values={{ keyword: query.keyword, status: query.status }} onSearch={list.search}>
        <Form.Item name="keyword" label="关键词">
          <Input placeholder="项目名称" allowClear maxLength={50} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" style={{ width: 110 }} options={FREE_PROJECT_STATUSES.map((s) => ({ value: s, label: FREE_PROJECT_STATUS[s] }))} />
        </Form.Item>
      </ListFilters>
      <Table<FreeProjectConsoleRow>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        // In 关怀模式 the columns keep their widths and the table scrolls, rather than its headers wrapping.
        scroll={{ x: 1120 }}
        columns={[
          { title: '项目名称', dataIndex: 'name', minWidth: 220, ellipsis: { showTitle: true } },
          { title: '类别', dataIndex: 'categoryText', width: 110 },
          { title: '主管部门', dataIndex: 'department', width: 150 },
          { title: '金额', width: 130, render: (_, r) => amountText(r) },
          { title: '发布日期', width: 110, render: (_, r) => (r.publishAt ? formatDate(r.publishAt) : '—') },
          { title: '名单', width: 70, render: (_, r) => (r.rows ? <Link to={`/console/free-declare/rows?projectId=${r.id}`}>{r.rows}</Link> : 0) },
          { title: '状态', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusText}</Tag> },
          {
            title: '操作',
            width: 230,
            render: (_, r) => (
              <Space size={0}>
                {r.status !== 'closed' && (
                  <Button type="link" size="small" aria-label={`编辑 ${r.name}`} onClick={() => open(r)}>
                    编辑
                  </Button>
                )}
                {r.status === 'draft' && (
                  <Button type="link" size="small" aria-label={`发布 ${r.name}`} onClick={() => move(r, 'publish')}>
                    发布
                  </Button>
                )}
                {r.status === 'published' && mayImport && (
                  <Link to={`/console/free-declare/import?projectId=${r.id}`}>
                    <Button type="link" size="small" aria-label={`导入 ${r.name} 的名单`}>
                      导入名单
                    </Button>
                  </Link>
                )}
                {r.status === 'published' && (
                  <Button type="link" size="small" danger aria-label={`结束 ${r.name}`} onClick={() => move(r, 'close')}>
                    结束
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FormDrawer open={!!edit.editing} title={edit.editing === 'new' ? '新建免申即享项目' : '编辑免申即享项目'} size={760} form={edit.form} busy={edit.busy} onClose={edit.close}>
        <Form form={edit.form} name="free-project" layout="vertical" onFinish={edit.save} autoComplete="off">
          <ProjectFields categories={categories} contentEditor={<RichTextEditor ariaLabel="项目说明" />} />
        </Form>
        {edit.editing && edit.editing !== 'new' && <PushTold kind="free-project" id={edit.editing.id} />}
      </FormDrawer>
    </ConsolePage>
  );
}
