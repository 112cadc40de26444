import { Alert, Button, Card, Descriptions, Space, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/console.proclamation.$id';
import { formatDateTime, formatDeadline } from '#contract/format.ts';
import { proclamationSearchSchema, revokeProclamationSchema, type ObjectionItem } from '#contract/proclamation.console.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { DateText } from '#app/features/console/date-text.tsx';
import { queuePlace, useQueueNext } from '#app/features/console/queue-next.tsx';
import { useReasonDialog } from '#app/features/console/reason-dialog.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { useListUrl } from '#app/features/console/use-list-url.ts';
import { AnswerObjectionDialog } from '#app/features/console-declare/answer-objection.tsx';
import { ProclamationStatusTag } from '#app/features/console-declare/declare-tags.tsx';
import { ObjectionTable } from '#app/features/console-declare/objection-table.tsx';
import { confirm, notify } from '#app/lib/feedback.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam, parseSearch } from '#app/lib/params.ts';
import { notFoundPage, orRouteError } from '#app/lib/route-errors.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, `${loaderData?.proclamation.title ?? '公示'} - 管理后台`);

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'declare:proclamation:edit');
  const id = parseIdParam(args.params.id);
  if (id === null) notFoundPage('该公示不存在');
  const { services } = args.context;
  const [proclamation, deadlines] = await Promise.all([orRouteError(services.proclamationConsole.detail(id)), services.setting.deadlines()]);
  // The list it was opened from, for 下一条; its tab is the page's, not the list's query.
  const place = queuePlace(args.url, (params) => {
    const { tab: _tab, ...query } = parseSearch(proclamationSearchSchema, params);
    return query;
  });
  return { proclamation, windowDays: deadlines.objectionWindowDays, place };
}

/** One 公示: the list as published, its objections and their answers, and the next step (发布, 结束, 撤销). */
export default function ProclamationDetailPage({ loaderData }: Route.ComponentProps) {
  const { proclamation: p, windowDays, place } = loaderData;
  const { reload } = useListUrl();
  const queue = useQueueNext({ api: 'proclamation', id: p.id, place, itemPath: (id) => `/console/proclamation/${id}`, listPath: '/console/proclamation' });
  const [answering, setAnswering] = useState<ObjectionItem | null>(null);
  const [busy, setBusy] = useState(false);
  const reason = useReasonDialog();

  async function step(name: 'publish' | 'conclude', question: string, done: string) {
    if (!(await confirm(question))) return;
    setBusy(true);
    try {
      await consoleHttp.post(`proclamation/${name}`, { id: p.id });
      reload();
      queue.acted(done);
    } catch {
      // The client has shown why (the window still open, objections waiting, someone acted first).
    } finally {
      setBusy(false);
    }
  }

  const revoke = () =>
    reason.ask({
      title: '撤销公示',
      label: '撤销原因',
      okText: '撤销',
      rule: revokeProclamationSchema.shape.reason,
      submit: async (text) => {
        await consoleHttp.post('proclamation/revoke', { id: p.id, reason: text });
        notify('success', '公示已撤销');
        reload();
      },
    });

  const waiting = p.status === 'published' && !p.actions.includes('conclude');
  return (
    <ConsolePage
      title={p.title}
      extra={
        <Space>
          {queue.toggle}
          {place.from && <Link to={queue.listHref}>返回列表</Link>}
          {p.actions.includes('publish') && (
            <Button type="primary" loading={busy} onClick={() => step('publish', `发布后名单将在门户“公示公告”中公开，并开始 ${windowDays} 个工作日的异议期。确定发布吗？`, '公示已发布')}>
              发布
            </Button>
          )}
          {p.actions.includes('conclude') && (
            <Button type="primary" loading={busy} onClick={() => step('conclude', '异议期已满且异议均已答复，确定结束公示吗？', '公示已结束')}>
              结束公示
            </Button>
          )}
          {p.actions.includes('revoke') && (
            <Button danger onClick={revoke}>
              撤销
            </Button>
          )}
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {queue.bar}
        {waiting && (
          <Alert
            type="info"
            showIcon
            title={p.objectionOpen ? `异议期至 ${formatDeadline(p.objectionEndAt)}，期满且异议全部答复后可结束公示。` : `还有 ${p.pendingObjections} 件异议未答复，全部答复后可结束公示。`}
          />
        )}
        {p.status === 'revoked' && <Alert type="error" showIcon title={`已于 ${formatDateTime(p.closedAt)} 撤销，原因：${p.revokeReason}`} />}
        <Card size="small">
          <Descriptions
            column={3}
            size="small"
            items={[
              { label: '申报项目', children: p.projectName },
              { label: '状态', children: <ProclamationStatusTag status={p.status} text={p.statusText} windowOver={p.status === 'published' && !p.objectionOpen} /> },
              { label: '生成时间', children: <DateText>{formatDateTime(p.createdAt)}</DateText> },
              { label: '发布时间', children: p.publishAt ? <DateText>{formatDateTime(p.publishAt)}</DateText> : '未发布' },
              { label: '异议截止', children: p.objectionEndAt ? <DateText>{formatDeadline(p.objectionEndAt)}</DateText> : `发布后 ${windowDays} 个工作日` },
              { label: '合计金额', children: `${p.totalAmount} 万元（${p.enterpriseCount} 家）` },
            ]}
          />
        </Card>
        <Card title="拟支持企业名单" size="small">
          <Table
            rowKey={(e) => e.enterpriseName}
            size="small"
            pagination={false}
            dataSource={p.enterprises}
            columns={[
              { title: '序号', width: 70, render: (_, _e, i) => i + 1 },
              { title: '企业名称', dataIndex: 'enterpriseName' },
              { title: '核定金额（万元）', dataIndex: 'amount', width: 160 },
            ]}
          />
        </Card>
        <Card title={`异议（${p.objections.length}）`} size="small">
          <ObjectionTable objections={p.objections} onAnswer={setAnswering} />
        </Card>
      </Space>
      <AnswerObjectionDialog
        objection={answering}
        onClose={() => setAnswering(null)}
        onDone={() => {
          setAnswering(null);
          reload();
        }}
      />
      {reason.dialog}
    </ConsolePage>
  );
}
