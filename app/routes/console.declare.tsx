import { Button, Form, Input, Select, Space, Tabs } from 'antd';
import { FirstPaintTable } from '#app/components/first-paint-table.tsx';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/console.declare';
import { REVIEW_QUEUES, reviewQueryOf, reviewSearchSchema, type ReviewItem, type ReviewQueue } from '#contract/declare-ent.console.ts';
import { formatDateTime, formatDeadline } from '#contract/format.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { DueCell } from '#app/features/console/deadline-flag.tsx';
import { ListFilters } from '#app/features/console/list-filters.tsx';
import { sortable, sortChange } from '#app/features/console/list-sort.ts';
import { useTableSettings, type ConsoleColumn } from '#app/features/console/table-settings.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { tablePagination, useListUrl } from '#app/features/console/use-list-url.ts';
import { DeclareStatusTag, wan } from '#app/features/console-declare/declare-tags.tsx';
import { notify } from '#app/lib/feedback.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { consoleListParams } from '#app/features/console/list-params.ts';
import { useQueueLink } from '#app/features/console/queue-next.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '申报审核 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, 'declare:review');
  const { services } = args.context;
  const search = parseSearch(reviewSearchSchema, consoleListParams(args.url));
  const [page, projects, table] = await Promise.all([services.declareEntConsole.list(reviewQueryOf(search)), services.declareEntConsole.projects(), services.staffPreference.table(staff, 'declare')]);
  return {
    page,
    projects,
    search,
    table,
    mayProclaim: staff.permissions.includes('declare:proclamation:edit'),
  };
}

/**
 * 申报审核: the reviewer's queues (待审核 by deadline, 审核超期, 退回修改中) per project or over all,
 * each row with its 10-working-day deadline; a chosen project exports as XLSX and lists as a 公示.
 */
export default function DeclareQueue({ loaderData }: Route.ComponentProps) {
  const { page, projects, search, table, mayProclaim } = loaderData;
  const list = useListUrl();
  const itemLink = useQueueLink(page);
  const navigate = useNavigate();
  const [generating, setGenerating] = useState(false);
  const project = projects.find((p) => p.id === search.projectId);
  const columns: ConsoleColumn<ReviewItem>[] = [
    { key: 'id', title: '编号', dataIndex: 'id', width: 80 },
    {
      key: 'enterprise',
      title: '申报企业',
      minWidth: 240,
      render: (_, r, index) => (
        <>
          <Link to={itemLink(`/console/declare/${r.id}`, index)} className="console-ellipsis" title={r.enterpriseName}>
            {r.enterpriseName}
          </Link>
          <div className="console-muted console-ellipsis" title={r.project.name}>
            {r.project.name}
          </div>
        </>
      ),
    },
    {
      key: 'amountApplied',
      title: '申请金额',
      width: 130,
      ...sortable('amountApplied', search),
      render: (_, r) => wan(r.amountApplied),
    },
    {
      key: 'amountApproved',
      title: '核定金额',
      width: 120,
      render: (_, r) => wan(r.amountApproved),
    },
    {
      key: 'status',
      title: '状态',
      width: 110,
      render: (_, r) => <DeclareStatusTag status={r.status} text={r.statusText} />,
    },
    {
      key: 'reviewDueAt',
      title: '审核时限',
      width: 230,
      ...sortable('reviewDueAt', search),
      render: (_, r) =>
        r.status === 'returned' && r.resubmitDueAt ? (
          <span className="console-muted">
            企业须于 <DateText>{formatDeadline(r.resubmitDueAt)}</DateText> 前重新提交
          </span>
        ) : (
          <DueCell dueAt={r.dueAt} overdue={r.overdue} dueSoon={r.dueSoon} />
        ),
    },
    {
      key: 'submittedAt',
      title: '提交时间',
      width: 170,
      ...sortable('submittedAt', search),
      render: (_, r) => <DateText>{formatDateTime(r.submittedAt)}</DateText>,
    },
  ];
  const settings = useTableSettings('declare', table, columns);

  async function generate() {
    if (!project) return;
    setGenerating(true);
    try {
      const { id } = await consoleHttp.post<{ id: number }>('proclamation/generate', { projectId: project.id });
      notify('success', '公示草稿已生成，请核对后发布');
      navigate(`/console/proclamation/${id}`);
    } catch {
      // The client has shown why (no approved declaration, a live 公示 already).
    } finally {
      setGenerating(false);
    }
  }

  return (
    <ConsolePage
      title="申报审核"
      extra={
        <Space>
          {settings.toolbar}
          {project && (
            <>
              <Button href={`/console/api/declare-ent/export?projectId=${project.id}`} download>
                导出申报（Excel）
              </Button>
              {mayProclaim && (
                <Button type="primary" loading={generating} onClick={generate}>
                  生成公示
                </Button>
              )}
            </>
          )}
        </Space>
      }
    >
      <Tabs
        activeKey={search.queue}
        onChange={(queue) => list.search({ queue: queue === 'submitted' ? null : queue })}
        items={(Object.entries(REVIEW_QUEUES) as [ReviewQueue, { label: string }][]).map(([key, q]) => ({ key, label: q.label }))}
      />
      <ListFilters values={{ projectId: search.projectId, keyword: search.keyword }} onSearch={list.search}>
        <Form.Item name="projectId">
          <Select
            placeholder="全部申报项目"
            aria-label="申报项目"
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 320 }}
            options={projects.map((p) => ({
              value: p.id,
              label: `${p.name}（${p.statusText}${p.submitted ? `，待审核 ${p.submitted}` : ''}${p.overdue ? `，超期 ${p.overdue}` : ''}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input placeholder="企业名称或信用代码" allowClear style={{ width: 220 }} />
        </Form.Item>
      </ListFilters>
      <FirstPaintTable<ReviewItem>
        rowKey="id"
        dataSource={page.records}
        pagination={tablePagination(page, list.page)}
        size={settings.size}
        onChange={sortChange(list.search)}
        scroll={{ x: 1080 }}
        columns={settings.columns}
      />
    </ConsolePage>
  );
}
