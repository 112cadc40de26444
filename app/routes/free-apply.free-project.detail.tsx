import { Link, useLocation } from 'react-router';
import type { Route } from './+types/free-apply.free-project.detail';
import { antdLinks } from '#app/components/antd-styles.ts';
import { freeApplyDetailLinks } from '#app/features/free-apply/detail-styles.ts';
import { Badge, ProjectBasis } from '#app/components/detail.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { EligibleCard } from '#app/features/free-apply/eligible-card.tsx';
import { Note } from '#app/features/free-apply/note.tsx';
import { ProjectSheet } from '#app/features/free-apply/project-sheet.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { ProjectVerdict } from '#app/features/matching/project-verdict.tsx';
import matchingStyles from '#app/styles/matching.css?url';
import { loginUrl } from '#app/lib/redirect.ts';
import { idParamOr404, orRouteError } from '#app/lib/route-errors.ts';
import { formatDate } from '#contract/format.ts';

// antd's CSS for the correction dialog, whose script loads only when it is opened.
export const links: Route.LinksFunction = () => [...antdLinks(), ...freeApplyDetailLinks(), { rel: 'stylesheet', href: matchingStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.project.name ?? '免申即享');

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = idParamOr404(url, '该免申即享项目不存在或已下线');
  const { user, services } = context;
  const project = await orRouteError(services.freeProject.detail(id, user));
  const [row, rules] = await Promise.all([
    user && project.freeDeclareEntId ? services.freeDeclareEnt.detail(user, project.freeDeclareEntId) : null,
    services.match.forProject('free-project', project.id, user),
  ]);
  return { project, row, loggedIn: !!user, hasEnterprise: !!user?.enterpriseId, rules };
}

export default function FreeProjectDetail({ loaderData }: Route.ComponentProps) {
  const { project, row, loggedIn, hasEnterprise, rules } = loaderData;
  const location = useLocation();

  return (
    <>
      <PageHeading crumbs={[{ label: '免申即享', to: '/free-apply' }, { label: '项目详情' }]} />
      <ProjectSheet project={project} badge={<Badge tone="green">免申即享</Badge>} when={{ label: '发布日期', value: formatDate(project.publishAt) }}>
        <div className="project-apply">
          <Note title="免申即享：无需申请。主管部门依据已掌握的数据认定符合条件的企业，企业只需核对信息、填写收款账户并确认。" />
        </div>

        {!loggedIn && (
          <div className="project-apply">
            <Note
              tone="warning"
              title="登录后可查看贵企业是否在认定名单中"
              action={
                <Link className="btn btn--primary" to={loginUrl(location.pathname + location.search)}>
                  登录查看
                </Link>
              }
            />
          </div>
        )}
        {loggedIn && !row && (
          <div className="project-apply">
            <Note
              title={hasEnterprise ? '根据现有数据，贵企业暂不在本项目的认定名单中。' : '请先在用户中心完善企业信息。'}
              description={hasEnterprise ? '如认为符合条件，请联系主管部门核实相关数据。' : undefined}
            />
          </div>
        )}
        {row && <EligibleCard row={row} projectName={project.name} />}

        <ProjectBasis project={project} conditionsTitle="认定条件" contentTitle="政策内容" />
        <ProjectVerdict rulesText={rules.rulesText} verdict={rules.verdict} signedIn={loggedIn} />
      </ProjectSheet>
    </>
  );
}
