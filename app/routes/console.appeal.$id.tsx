import { Descriptions, Space } from 'antd';
import { PlainSpace, PlainTag } from '#app/components/plain-antd.tsx';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/console.appeal.$id';
import { APPEAL_ACCEPT_WORKING_DAYS, APPEAL_REPLY_WORKING_DAYS } from '#contract/appeal.ts';
import { APPEAL_REVISIT_WORKING_DAYS, APPEAL_SIGN_WORKING_DAYS, WORK_ORDER_READERS, workOrderQueryOf, workOrderSearchSchema, type WorkOrderDetail } from '#contract/appeal.console.ts';
import { isDissatisfied } from '#contract/evaluation.ts';
import { display, formatDateTime, formatDeadline } from '#contract/format.ts';
import appealStyles from '#app/features/console-appeal/console-appeal.css?url';
import { DateText } from '#app/features/console/date-text.tsx';
import { DeadlineFlag, DueCell } from '#app/features/console/deadline-flag.tsx';
import { StaffTimeline } from '#app/features/console-appeal/staff-timeline.tsx';
import { WorkOrderActions } from '#app/features/console-appeal/work-order-actions.tsx';
import { WorkOrderFiles } from '#app/features/console-appeal/work-order-files.tsx';
import { ExtensionTag, WorkOrderStatusTag } from '#app/features/console-appeal/work-order-tags.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam, parseSearch } from '#app/lib/params.ts';
import { queuePlace, useQueueNext } from '#app/features/console/queue-next.tsx';
import { useConsoleMe } from './console.tsx';
import { notFoundPage, orRouteError } from '#app/lib/route-errors.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: appealStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, `${loaderData?.order.title ?? '诉求工单'} - 管理后台`);

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, WORK_ORDER_READERS);
  const id = parseIdParam(args.params.id);
  if (id === null) notFoundPage('该诉求不存在');
  const { services } = args.context;
  const order = await orRouteError(services.appealConsole.detail(staff, id));
  const place = queuePlace(args.url, (params) => workOrderQueryOf(parseSearch(workOrderSearchSchema, params)));
  return { order, place, departments: order.actions.includes('assign') ? await services.department.options() : [] };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="console-page work-order__section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** A deadline as "by when", with when it was met; the flag only on the one owed now. */
function limit(deadline: string | null, doneAt: string | null, doneText: string) {
  if (!deadline) return '-';
  return (
    <span>
      <DateText>{formatDeadline(deadline)}</DateText> 前
      {doneAt && (
        <span className="console-muted">
          （<DateText>{formatDateTime(doneAt)}</DateText> {doneText}）
        </span>
      )}
    </span>
  );
}

function deadlineItems(o: WorkOrderDetail) {
  return [
    { key: 'due', label: '当前时限', children: <DueCell dueAt={o.dueAt} overdue={o.overdue} dueSoon={o.dueSoon} /> },
    { key: 'accept', label: `受理（${APPEAL_ACCEPT_WORKING_DAYS} 个工作日）`, children: limit(o.acceptDeadlineAt, o.acceptedAt, '已受理') },
    {
      key: 'department',
      label: '承办部门',
      children: o.departmentName ? (
        <>
          {o.departmentName}
          {o.assignedAt && (
            <>
              （<DateText>{formatDateTime(o.assignedAt)}</DateText> 转办）
            </>
          )}
        </>
      ) : (
        '未转办'
      ),
    },
    ...(o.signDeadlineAt ? [{ key: 'sign', label: `签收（${APPEAL_SIGN_WORKING_DAYS} 个工作日）`, children: limit(o.signDeadlineAt, o.signedAt, '已签收') }] : []),
    {
      key: 'reply',
      label: `答复（${APPEAL_REPLY_WORKING_DAYS} 个工作日）`,
      children: o.replyDeadlineAt ? (
        <PlainSpace size={4} wrap>
          {limit(o.replyDeadlineAt, o.repliedAt, '已答复')}
          <ExtensionTag status={o.extensionStatus} />
          {o.extensionDays && <span className="console-muted">申请 {o.extensionDays} 个工作日</span>}
        </PlainSpace>
      ) : (
        '受理后开始计算'
      ),
    },
    ...(o.revisitDeadlineAt ? [{ key: 'revisit', label: `回访（${APPEAL_REVISIT_WORKING_DAYS} 个工作日）`, children: limit(o.revisitDeadlineAt, o.revisitedAt, '已回访') }] : []),
  ];
}

/**
 * One work order: the appeal and its files, the deadlines, the reply, the rating and its
 * 差评整改, every step of the timeline (internal ones marked) and the SMS sent; the buttons are
 * the steps this person may take now.
 */
export default function WorkOrderPage({ loaderData }: Route.ComponentProps) {
  const { order: o, departments, place } = loaderData;
  const { revalidate } = useRevalidator();
  const queue = useQueueNext({ api: 'appeal', id: o.id, place, itemPath: (id) => `/console/appeal/${id}`, listPath: '/console/appeal' });
  const followsUp = useConsoleMe()?.permissions.includes('evaluation:follow-up') ?? false;

  return (
    <>
      <section className="console-page" aria-labelledby="work-order-title">
        <div className="work-order__head">
          <div>
            <h2 id="work-order-title" className="work-order__title">
              {o.title}
            </h2>
            <PlainSpace size={8} wrap>
              <WorkOrderStatusTag status={o.status} text={o.statusText} />
              <ExtensionTag status={o.extensionStatus} />
              <DeadlineFlag overdue={o.overdue} dueSoon={o.dueSoon} />
              <span className="console-muted">编号 {o.id}</span>
              <span className="console-muted">{o.typeText}</span>
              <span className="console-muted">提交于 {formatDateTime(o.createdAt)}</span>
              <span className="console-muted">{o.isPublic ? '公开' : '不公开'}</span>
            </PlainSpace>
          </div>
          <Link to={queue.listHref}>返回工单列表</Link>
        </div>
        <div style={{ marginTop: 16 }}>
          {queue.bar}
          <Space wrap size={16}>
            <WorkOrderActions order={o} departments={departments} reload={revalidate} onActed={queue.acted} />
            {queue.toggle}
          </Space>
        </div>
      </section>

      <div className="work-order__grid">
        <div>
          <Section title="诉求内容">
            <Descriptions
              bordered
              column={2}
              size="small"
              items={[
                { key: 'enterprise', label: '企业', span: 2, children: o.enterpriseName },
                { key: 'name', label: '联系人', children: display(o.contactName) },
                { key: 'phone', label: '联系电话', children: display(o.contactPhone) },
                { key: 'content', label: '诉求内容', span: 2, children: <div className="console-pre">{o.content}</div> },
                { key: 'files', label: '附件', span: 2, children: <WorkOrderFiles id={o.id} files={o.attachments} /> },
                ...(o.rejectReason ? [{ key: 'reject', label: '不予受理理由', span: 2, children: o.rejectReason }] : []),
                ...(o.unpublishReason ? [{ key: 'unpublish', label: '不予公开理由', span: 2, children: o.unpublishReason }] : []),
              ]}
            />
          </Section>

          {o.reply && (
            <Section title="办理答复">
              <div className="console-pre">{o.reply}</div>
              <Descriptions
                style={{ marginTop: 12 }}
                column={1}
                size="small"
                items={[
                  { key: 'at', label: '答复时间', children: formatDateTime(o.repliedAt) },
                  { key: 'files', label: '答复附件', children: <WorkOrderFiles id={o.id} files={o.replyAttachments} /> },
                ]}
              />
            </Section>
          )}

          {(o.evaluation || o.followUps.length > 0) && (
            <Section title="企业评价与差评整改">
              {o.evaluation && (
                <Descriptions
                  column={2}
                  size="small"
                  items={[
                    { key: 'level', label: '满意程度', children: <PlainTag color={isDissatisfied(o.evaluation.level) ? 'error' : 'success'}>{o.evaluation.levelText}</PlainTag> },
                    { key: 'at', label: '评价时间', children: formatDateTime(o.evaluation.evaluatedAt) },
                    { key: 'comment', label: '评价内容', span: 2, children: display(o.evaluation.comment) },
                  ]}
                />
              )}
              {o.followUps.map((f) => (
                <Descriptions
                  key={f.id}
                  bordered
                  size="small"
                  column={1}
                  style={{ marginTop: 12 }}
                  title={
                    <PlainSpace size={8}>
                      <span>差评整改（{f.evaluationLevelText}）</span>
                      <PlainTag>{f.statusText}</PlainTag>
                      <DeadlineFlag overdue={f.overdue} dueSoon={f.dueSoon} />
                    </PlainSpace>
                  }
                  extra={
                    // 差评整改 is the dispatcher's (docs/console.md "Roles"): a handler is told who acts, not sent to a 403.
                    followsUp ? <Link to={`/console/evaluation?keyword=${encodeURIComponent(o.title)}`}>去整改</Link> : <span className="console-muted">由诉求受理员核实整改并反馈企业</span>
                  }
                  items={[
                    { key: 'due', label: '反馈时限', children: f.dueAt ? formatDeadline(f.dueAt) : '-' },
                    { key: 'verification', label: '核实情况', children: display(f.verification) },
                    { key: 'feedback', label: '整改反馈', children: f.feedback ? <div className="console-pre">{f.feedback}</div> : '-' },
                  ]}
                />
              ))}
            </Section>
          )}

          <Section title="办理过程">
            <StaffTimeline timeline={o.timeline} />
          </Section>
        </div>

        <div>
          <Section title="办理时限">
            <Descriptions column={1} size="small" items={deadlineItems(o)} />
          </Section>
          <Section title="短信通知">
            {o.sms.length ? (
              <ul className="work-order__sms">
                {o.sms.map((m) => (
                  <li key={m.id}>
                    <PlainSpace size={8}>
                      <PlainTag color={m.status === 'sent' ? 'success' : m.status === 'failed' ? 'error' : 'default'}>{m.statusText}</PlainTag>
                      <span className="console-muted">
                        {m.phone} · {formatDateTime(m.sentAt ?? m.createdAt)}
                      </span>
                    </PlainSpace>
                    <div>{m.content}</div>
                    {m.status === 'failed' && m.answer && <div className="console-muted">失败原因：{m.answer}</div>}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="console-muted">暂无短信</span>
            )}
          </Section>
        </div>
      </div>
    </>
  );
}
