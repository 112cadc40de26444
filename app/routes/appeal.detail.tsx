import { Link } from 'react-router';
import type { Route } from './+types/appeal.detail';
import { Attachments, Badge, DetailSection, DetailSheet, MetaList } from '#app/components/detail.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { idParamOr404, orRouteError } from '#app/lib/route-errors.ts';
import detailStyles from '#app/styles/detail.css?url';
import { display, formatDateTime } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: detailStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.appeal.title ?? '企业诉求');

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = idParamOr404(url, '该诉求不存在或未公开');
  return { appeal: await orRouteError(context.services.appeal.detail(context.user, id)) };
}

export default function AppealDetail({ loaderData }: Route.ComponentProps) {
  const { appeal } = loaderData;
  return (
    <>
      <PageHeading crumbs={[{ label: '企业诉求', to: '/appeal' }, { label: '诉求详情' }]} />
      <DetailSheet
        title={appeal.title}
        badges={
          <>
            <Badge tone="blue">{appeal.typeText}</Badge>
            <StatusBadge status={appeal.status} text={appeal.statusText} />
            {appeal.overdue && <Badge tone="red">已超期</Badge>}
          </>
        }
        meta={
          <MetaList
            items={[
              { label: '诉求企业', value: appeal.enterpriseName },
              { label: '诉求类型', value: appeal.typeText },
              { label: '办理状态', value: appeal.statusText },
              { label: '提交时间', value: formatDateTime(appeal.createdAt) },
              { label: '受理时间', value: formatDateTime(appeal.acceptedAt) },
              { label: '答复时间', value: formatDateTime(appeal.repliedAt) },
            ]}
          />
        }
      >
        <DetailSection id="appeal-content" title="诉求内容">
          <p className="plain-text">{appeal.content}</p>
        </DetailSection>
        <Attachments files={appeal.attachments} />
        {appeal.reply && (
          <DetailSection id="appeal-reply" title="办理答复">
            <div className="reply-box">
              <p className="plain-text">{appeal.reply}</p>
              <p className="reply-box__meta">答复时间：{formatDateTime(appeal.repliedAt)}</p>
            </div>
          </DetailSection>
        )}
        {appeal.rejectReason && (
          <DetailSection id="appeal-reject" title="不予受理原因">
            <p className="plain-text">{appeal.rejectReason}</p>
          </DetailSection>
        )}
        {appeal.evaluation && (
          <DetailSection id="appeal-evaluation" title="企业评价">
            <p>
              <Badge tone="green">{appeal.evaluation.levelText}</Badge> <span className="plain-text">{display(appeal.evaluation.comment)}</span>
            </p>
          </DetailSection>
        )}
        {appeal.timeline.length > 0 && (
          <DetailSection id="appeal-timeline" title="办理过程">
            <ol className="timeline">
              {[...appeal.timeline].reverse().map((e, i) => (
                <li key={`${e.at}-${i}`} className="timeline__item">
                  <div className="timeline__head">
                    <span className="timeline__action">{e.actionText}</span>
                    <time className="timeline__time" dateTime={e.at}>
                      {formatDateTime(e.at)}
                    </time>
                    <span className="timeline__actor">{e.actor}</span>
                  </div>
                  {e.note && <p className="timeline__note">{e.note}</p>}
                </li>
              ))}
            </ol>
          </DetailSection>
        )}
        <footer className="detail-sheet__footer">
          <Link to="/appeal" className="btn">
            返回诉求列表
          </Link>
          <Link to="/appeal/components/appeal-form" className="btn btn--primary">
            我也要提诉求
          </Link>
        </footer>
      </DetailSheet>
    </>
  );
}
