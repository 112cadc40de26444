import { Link } from 'react-router';
import type { Route } from './+types/free-apply.proclamation.detail';
import { antdLinks } from '#app/components/antd-styles.ts';
import { freeApplyDetailLinks } from '#app/features/free-apply/detail-styles.ts';
import { Badge, DetailSheet, MetaList, RichContent } from '#app/components/detail.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { Note } from '#app/features/free-apply/note.tsx';
import { ObjectionSection } from '#app/features/free-apply/objection-section.tsx';
import { OwnObjections } from '#app/features/free-apply/own-objections.tsx';
import { ProclaimedList } from '#app/features/free-apply/proclaimed-list.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam } from '#app/lib/params.ts';
import { notFoundPage, orRouteError } from '#app/lib/route-errors.ts';
import { formatAmount, formatDateTime, formatDeadline } from '#contract/format.ts';

// antd's CSS for the objection form, whose script loads only for a signed-in enterprise.
export const links: Route.LinksFunction = () => [...antdLinks(), ...freeApplyDetailLinks()];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.proclamation.title ?? '公示公告');

export async function loader({ url, context }: Route.LoaderArgs) {
  const search = url.searchParams;
  const projectId = parseIdParam(search.get('projectId'));
  const id = parseIdParam(search.get('id'));
  if (projectId === null || id === null) notFoundPage('该公示不存在或已撤下');
  const proclamation = await orRouteError(context.services.proclamation.detail(projectId, id));
  const user = context.user;
  const enterpriseName = user && proclamation.objectionOpen ? ((await context.services.account.profile(user.userId)).enterprise?.name ?? null) : null;
  // The objector reads the bureau's answer here, where its message leads.
  const ownObjections = user?.enterpriseId ? await context.services.proclamation.ownObjections(user, proclamation.id) : [];
  return { proclamation, loggedIn: !!user, enterpriseName, ownObjections };
}

export default function ProclamationDetail({ loaderData }: Route.ComponentProps) {
  const { proclamation: p, loggedIn, enterpriseName, ownObjections } = loaderData;
  return (
    <>
      <PageHeading crumbs={[{ label: '免申即享', to: '/free-apply' }, { label: '公示公告', to: '/free-apply?tab=proclamation' }, { label: '公示详情' }]} />
      <DetailSheet
        title={p.title}
        badges={p.objectionOpen ? <Badge tone="orange">公示中</Badge> : <Badge tone="grey">公示期已结束</Badge>}
        meta={
          <MetaList
            items={[
              { label: '申报项目', value: <Link to={`/free-apply/declare-project/detail?id=${p.projectId}`}>{p.projectName}</Link> },
              { label: '发布时间', value: formatDateTime(p.publishAt) },
              { label: '公示截止', value: formatDeadline(p.objectionEndAt) },
            ]}
          />
        }
      >
        <section className="project-section">
          <RichContent html={p.content} />
        </section>
        <section className="project-section">
          <h2 className="section-title">拟支持企业名单（{p.enterprises.length} 家）</h2>
          <ProclaimedList enterprises={p.enterprises} />
          <p className="proclaimed-total">合计：{formatAmount(p.totalAmount)}</p>
        </section>
        <section className="project-section" id="objection">
          <h2 className="section-title">异议</h2>
          {ownObjections.length > 0 && <OwnObjections objections={ownObjections} />}
          {p.objectionOpen ? (
            <ObjectionSection proclamationId={p.id} objectionEndAt={p.objectionEndAt} loggedIn={loggedIn} enterpriseName={enterpriseName} />
          ) : (
            <Note title={`公示期已于 ${formatDeadline(p.objectionEndAt)} 结束，不再受理异议。`} />
          )}
        </section>
      </DetailSheet>
    </>
  );
}
