import { Link } from 'react-router';
import type { Route } from './+types/free-apply.declare-project.detail';
import { freeApplyDetailLinks } from '#app/features/free-apply/detail-styles.ts';
import { ProjectBasis } from '#app/components/detail.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { MaterialsTable } from '#app/features/free-apply/materials-table.tsx';
import { Note } from '#app/features/free-apply/note.tsx';
import { ProjectSheet } from '#app/features/free-apply/project-sheet.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { ProjectVerdict } from '#app/features/matching/project-verdict.tsx';
import matchingStyles from '#app/styles/matching.css?url';
import { idParamOr404, orRouteError } from '#app/lib/route-errors.ts';
import { formatDateTime } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [...freeApplyDetailLinks(), { rel: 'stylesheet', href: matchingStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.project.name ?? '申报项目');

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = idParamOr404(url, '该申报项目不存在或已下线');
  const project = await orRouteError(context.services.declareProject.detail(id));
  const [mine, rules] = await Promise.all([
    context.user ? context.services.declareEnt.liveFor(context.user, project.id) : null,
    context.services.match.forProject('declare-project', project.id, context.user),
  ]);
  return { project, mine, loggedIn: !!context.user, rules };
}

export default function DeclareProjectDetail({ loaderData }: Route.ComponentProps) {
  const { project, mine, loggedIn, rules } = loaderData;

  return (
    <>
      <PageHeading crumbs={[{ label: '免申即享', to: '/free-apply' }, { label: '申报项目', to: '/free-apply?tab=declare' }, { label: '项目详情' }]} />
      <ProjectSheet
        project={project}
        badge={<StatusBadge status={project.status} text={project.statusText} />}
        when={{ label: '申报时间', value: `${formatDateTime(project.applyStart)} 至 ${formatDateTime(project.applyEnd)}` }}
      >
        <div className="project-apply">
          {mine ? (
            <Note
              tone={mine.status === 'returned' ? 'warning' : 'info'}
              title={`贵企业已申报该项目，当前状态：${mine.statusText}`}
              action={
                mine.canEdit ? (
                  <Link className="btn btn--primary" to={`/free-apply/components/apply-form?id=${mine.id}`}>
                    {mine.status === 'returned' ? '修改后重新提交' : '继续填写'}
                  </Link>
                ) : (
                  <Link className="btn" to="/user/free-apply">
                    查看我的申报
                  </Link>
                )
              }
            />
          ) : project.status === 'open' ? (
            <div className="project-apply__open">
              <span>
                申报截止时间：<strong>{formatDateTime(project.applyEnd)}</strong>
                {!loggedIn && <span className="ent-muted">（申报需登录企业账号）</span>}
              </span>
              <Link className="btn btn--primary btn--large" to={`/free-apply/components/apply-form?projectId=${project.id}`}>
                立即申报
              </Link>
            </div>
          ) : (
            <Note title={project.status === 'not_started' ? `申报尚未开始，将于 ${formatDateTime(project.applyStart)} 开始受理` : '本项目申报已截止'} />
          )}
        </div>

        <ProjectBasis project={project} conditionsTitle="申报条件" contentTitle="项目内容" />
        <ProjectVerdict rulesText={rules.rulesText} verdict={rules.verdict} signedIn={loggedIn} />
        <section className="project-section">
          <h2 className="section-title">申报材料</h2>
          <MaterialsTable materials={project.materials} />
        </section>
      </ProjectSheet>
    </>
  );
}
