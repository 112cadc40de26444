import { Card, Descriptions, Space, Table } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/console.declare.$id';
import { DECLARE_ACTION_COLOUR } from '#contract/declare-ent.ts';
import { formatDateTime } from '#contract/format.ts';
import { StepTimeline } from '#app/components/step-timeline.tsx';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { DueCell } from '#app/features/console/deadline-flag.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { useListUrl } from '#app/features/console/use-list-url.ts';
import { DeclareStatusTag, wan } from '#app/features/console-declare/declare-tags.tsx';
import { ReviewForm } from '#app/features/console-declare/review-form.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam, parseSearch } from '#app/lib/params.ts';
import { reviewQueryOf, reviewSearchSchema } from '#contract/declare-ent.console.ts';
import { queuePlace, useQueueNext } from '#app/features/console/queue-next.tsx';
import { notFoundPage, orRouteError } from '#app/lib/route-errors.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, `${loaderData?.declaration.enterpriseName ?? '申报'} - 申报审核`);

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, 'declare:review');
  const id = parseIdParam(args.params.id);
  if (id === null) notFoundPage('该申报不存在或尚未提交');
  return {
    declaration: await orRouteError(args.context.services.declareEntConsole.detail(staff, id)),
    place: queuePlace(args.url, (params) => reviewQueryOf(parseSearch(reviewSearchSchema, params))),
  };
}

/** One declaration for its reviewer: the particulars, the materials in the browser, the whole history, and the decision. */
export default function DeclareReviewPage({ loaderData }: Route.ComponentProps) {
  const { declaration: d, place } = loaderData;
  const { reload } = useListUrl();
  const queue = useQueueNext({ api: 'declare-ent', id: d.id, place, itemPath: (id) => `/console/declare/${id}`, listPath: '/console/declare' });
  const fileUrl = (path: string) => `/console/api/declare-ent/file?id=${d.id}&path=${encodeURIComponent(path)}`;

  return (
    <ConsolePage title={`申报审核：${d.enterpriseName}`} extra={place.from ? <Link to={queue.listHref}>返回列表</Link> : <Link to={`/console/declare?projectId=${d.project.id}`}>返回该项目的申报</Link>}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {queue.bar}
        <Card title="申报信息" size="small">
          <Descriptions
            column={2}
            size="small"
            items={[
              { label: '申报项目', children: d.project.name },
              { label: '状态', children: <DeclareStatusTag status={d.status} text={d.statusText} /> },
              { label: '企业名称', children: d.enterpriseName },
              { label: '统一社会信用代码', children: d.uscc ?? '-' },
              { label: '法定代表人', children: d.legalPerson ?? '-' },
              { label: '联系人', children: `${d.contactName ?? '-'} ${d.contactPhone ?? ''}` },
              { label: '申请金额', children: wan(d.amountApplied) },
              { label: '项目上限', children: wan(d.project.amountMax) },
              { label: '核定金额', children: wan(d.amountApproved) },
              { label: '审核时限', children: <DueCell dueAt={d.dueAt} overdue={d.overdue} dueSoon={d.dueSoon} /> },
              { label: '提交时间', children: formatDateTime(d.submittedAt) },
              { label: '地址', children: d.address ?? '-' },
              { label: '申报内容', span: 2, children: <div className="console-pre">{d.content ?? '-'}</div> },
            ]}
          />
        </Card>
        <Card title="申报材料" size="small">
          <Table
            rowKey="materialId"
            size="small"
            pagination={false}
            dataSource={d.materials}
            columns={[
              { title: '材料', render: (_, m) => `${m.name}${m.required ? '（必需）' : ''}` },
              {
                title: '文件（PDF 与图片在新窗口中打开，其他文件下载）',
                render: (_, m) =>
                  m.files.length ? (
                    <Space orientation="vertical" size={2}>
                      {m.files.map((f) => (
                        <a key={f.path} href={fileUrl(f.path)} target="_blank" rel="noreferrer">
                          {f.name}
                        </a>
                      ))}
                    </Space>
                  ) : (
                    <span className="console-muted">未上传</span>
                  ),
              },
            ]}
          />
        </Card>
        {d.canReview && (
          <Card title="审核" size="small" extra={queue.toggle}>
            <ReviewForm
              declaration={d}
              onDone={(what) => {
                reload();
                queue.acted(what);
              }}
            />
          </Card>
        )}
        <Card title="办理记录" size="small">
          <StepTimeline steps={d.timeline} colours={DECLARE_ACTION_COLOUR} />
        </Card>
        {d.sms.length > 0 && (
          <Card title="短信通知" size="small">
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={d.sms}
              columns={[
                { title: '内容', dataIndex: 'content' },
                { title: '状态', dataIndex: 'statusText', width: 100 },
                { title: '时间', width: 160, render: (_, s) => formatDateTime(s.sentAt ?? s.createdAt) },
              ]}
            />
          </Card>
        )}
      </Space>
    </ConsolePage>
  );
}
