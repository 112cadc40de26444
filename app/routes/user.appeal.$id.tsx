import { Alert, Descriptions } from 'antd';
import { Button } from '#app/components/antd-first-paint.tsx';
import { PlainSpace } from '#app/components/plain-antd.tsx';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { SmartLink } from '#app/components/smart-link.tsx';
import type { Route } from './+types/user.appeal.$id';
import { deadlineRows, OverdueTag } from '#app/features/appeal/appeal-deadlines.tsx';
import { REOPEN_EXPLANATION } from '#app/features/appeal/appeal-texts.ts';
import { AppealTimeline } from '#app/features/appeal/appeal-timeline.tsx';
import { FileList } from '#app/components/upload/file-list.tsx';
import { EvaluateModal } from '#app/features/user-centre/evaluate-modal.tsx';
import { requireUser } from '#app/lib/require-user.server.ts';
import { StatusTag } from '#app/features/user-centre/status-tag.tsx';
import { confirm, notify } from '#app/lib/feedback.ts';
import { http } from '#app/lib/http.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam } from '#app/lib/params.ts';
import { notFoundPage, orRouteError } from '#app/lib/route-errors.ts';
import { display, formatDateTime } from '#contract/format.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.appeal.title ?? '诉求详情');

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const id = parseIdParam(args.params.id);
  if (id === null) notFoundPage('该诉求不存在');
  const appeal = await orRouteError(args.context.services.appeal.detail(user, id));
  // Another enterprise's public appeal belongs on /appeal/detail, not in this user's area.
  if (!appeal.mine) notFoundPage('该诉求不存在');
  return { appeal };
}

export default function MyAppealDetail({ loaderData }: Route.ComponentProps) {
  const { appeal } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [evaluating, setEvaluating] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);

  async function withdraw() {
    const sure = await confirm('撤回后，工作人员将不再办理这条诉求，且不能恢复。确定撤回吗？', { okText: '确定撤回' });
    if (!sure) return;
    setWithdrawing(true);
    try {
      await http.post('/admin/appeal/withdraw', { id: appeal.id });
      notify('success', '诉求已撤回');
      await revalidator.revalidate();
    } catch {
      // The client has shown the reason (e.g. it was accepted meanwhile); show the current state.
      await revalidator.revalidate();
    } finally {
      setWithdrawing(false);
    }
  }

  return (
    <>
      <section className="card ent-section">
        <div className="ent-section__head">
          <div>
            <h1 className="appeal-title">{appeal.title}</h1>
            <PlainSpace size={8} wrap>
              <StatusTag status={appeal.status} text={appeal.statusText} />
              <OverdueTag overdue={appeal.overdue} dueSoon={appeal.dueSoon} />
              <span className="ent-muted">编号 {appeal.id}</span>
              <span className="ent-muted">{appeal.typeText}</span>
              <span className="ent-muted">提交于 {formatDateTime(appeal.createdAt)}</span>
              <span className="ent-muted">{appeal.isPublic ? '公开' : '不公开'}</span>
            </PlainSpace>
          </div>
          <PlainSpace>
            {appeal.canEdit && (
              <>
                <Button onClick={() => navigate(`/appeal/components/appeal-form?id=${appeal.id}`)}>修改</Button>
                <Button danger onClick={withdraw} loading={withdrawing}>
                  撤回
                </Button>
              </>
            )}
            {appeal.canEvaluate && (
              <Button type="primary" onClick={() => setEvaluating(true)}>
                评价
              </Button>
            )}
          </PlainSpace>
        </div>
        {appeal.canEdit && <Alert type="info" showIcon title="诉求受理前，您可以修改或撤回；受理后将不能再修改。" className="ent-form__restored" />}
        {appeal.canEvaluate && (
          <Alert type="warning" showIcon title="诉求已办结，请对办理结果作出评价。" description={REOPEN_EXPLANATION} className="ent-form__restored" />
        )}
        <Descriptions
          bordered
          column={2}
          size="middle"
          items={[
            { key: 'content', label: '诉求内容', span: 2, children: <div className="ent-pre">{appeal.content}</div> },
            { key: 'name', label: '联系人', children: display(appeal.contactName) },
            { key: 'phone', label: '联系电话', children: display(appeal.contactPhone) },
            { key: 'files', label: '附件', span: 2, children: appeal.attachments.length ? <FileList files={appeal.attachments} /> : '-' },
            ...deadlineRows(appeal),
          ]}
        />
      </section>

      {(appeal.reply || appeal.rejectReason) && (
        <section className="card ent-section">
          <h2 className="section-title">{appeal.rejectReason ? '不予受理原因' : '办理答复'}</h2>
          <div className="ent-pre appeal-reply">{appeal.rejectReason ?? appeal.reply}</div>
          {!appeal.rejectReason && appeal.replyAttachments.length > 0 && <FileList files={appeal.replyAttachments} />}
          {appeal.repliedAt && !appeal.rejectReason && <p className="ent-muted">答复时间：{formatDateTime(appeal.repliedAt)}</p>}
        </section>
      )}

      {appeal.evaluation && (
        <section className="card ent-section">
          <h2 className="section-title">我的评价</h2>
          <Descriptions
            column={2}
            items={[
              { key: 'level', label: '满意程度', children: appeal.evaluation.levelText },
              { key: 'at', label: '评价时间', children: formatDateTime(appeal.evaluation.evaluatedAt) },
              { key: 'comment', label: '评价内容', span: 2, children: display(appeal.evaluation.comment) },
            ]}
          />
        </section>
      )}

      <section className="card ent-section">
        <h2 className="section-title">办理进度</h2>
        <AppealTimeline timeline={appeal.timeline} />
      </section>

      <p>
        <SmartLink to="/user/appeal">← 返回我的诉求</SmartLink>
      </p>

      <EvaluateModal
        target={evaluating ? { id: appeal.id, title: appeal.title } : null}
        url="/admin/appeal/en-evaluate"
        note={REOPEN_EXPLANATION}
        onClose={() => setEvaluating(false)}
        onDone={() => {
          setEvaluating(false);
          void revalidator.revalidate();
        }}
      />
    </>
  );
}
