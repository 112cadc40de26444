import { Alert, Button } from 'antd';
import { redirect, useNavigate } from 'react-router';
import type { Route } from './+types/free-apply.components.apply-form';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { antdLinks } from '#app/components/antd-styles.ts';
import { PageHeading } from '#app/components/page-heading.tsx';
import { DeclareForm } from '#app/features/declare/declare-form.tsx';
import { DeclareReview } from '#app/features/declare/declare-review.tsx';
import { valuesFromDetail } from '#app/features/declare/declare-values.ts';
import { labelsOf, toCascaderValue } from '#app/components/region/region-options.ts';
import { regionOptionsFor } from '#app/components/region/region-options.server.ts';
import { ConfirmForm } from '#app/features/free-apply/confirm-form.tsx';
import enterpriseStyles from '#app/styles/enterprise.css?url';
import { requireUser } from '#app/lib/require-user.server.ts';
import { StatusTag } from '#app/features/user-centre/status-tag.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam } from '#app/lib/params.ts';
import { notFoundPage, orRouteError } from '#app/lib/route-errors.ts';
import { DECLARE_ACTION_COLOUR, EDITABLE_DECLARE_STATUSES } from '#contract/declare-ent.ts';
import { StepTimeline } from '#app/components/step-timeline.tsx';
import { formatAmount, formatDateTime, formatDeadline } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [...antdLinks(), { rel: 'stylesheet', href: enterpriseStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.mode === 'confirm' ? '免申即享确认' : loaderData?.saved && !loaderData.saved.canEdit ? '申报详情' : '在线申报');

/**
 * One form for two things (docs/domain.md): `?projectId=` declares for a project (`?id=` resumes a saved
 * declaration), `?freeDeclareEntId=` confirms a 免申即享 row. Both need login.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { services } = args.context;
  const search = args.url.searchParams;

  if (search.has('freeDeclareEntId')) {
    const rowId = parseIdParam(search.get('freeDeclareEntId'));
    if (rowId === null) notFoundPage('该免申即享记录不存在');
    const row = await orRouteError(services.freeDeclareEnt.detail(user, rowId));
    const enterprise = (await services.account.profile(user.userId)).enterprise;
    const contact = enterprise ? { contactName: enterprise.contactName, contactPhone: enterprise.contactPhone } : null;
    return { mode: 'confirm' as const, row, contact };
  }

  if (search.has('id')) {
    const id = parseIdParam(search.get('id'));
    if (id === null) notFoundPage('该申报不存在');
    const saved = await orRouteError(services.declareEnt.detail(user, id));
    const project = await orRouteError(services.declareProject.detail(saved.project.id));
    return { mode: 'declare' as const, project, saved, profile: null, regionOptions: regionOptionsFor(services, saved), existing: null };
  }

  const projectId = parseIdParam(search.get('projectId'));
  if (projectId === null) notFoundPage('请从申报项目页面进入申报');
  const project = await orRouteError(services.declareProject.detail(projectId));
  const existing = await services.declareEnt.liveFor(user, project.id);
  // One live declaration per project: an editable one is resumed rather than started again.
  if (existing?.canEdit) throw redirect(`/free-apply/components/apply-form?id=${existing.id}`);
  const profile = user.enterpriseId === null ? null : await services.declareEnt.preEnInfo(user).catch(() => null);
  return { mode: 'declare' as const, project, saved: null, profile, regionOptions: regionOptionsFor(services, profile ?? {}), existing };
}

export default function ApplyFormPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();

  if (loaderData.mode === 'confirm') {
    const { row, contact } = loaderData;
    return (
      <AntdProvider>
        <PageHeading
          crumbs={[
            { label: '免申即享', to: '/free-apply' },
            { label: row.project.name, to: `/free-apply/free-project/detail?id=${row.project.id}` },
            { label: '确认' },
          ]}
          title="免申即享确认"
          extra={<StatusTag status={row.status} text={row.statusText} />}
        />
        <section className="card ent-panel">
          <ConfirmForm row={row} contact={contact} />
        </section>
      </AntdProvider>
    );
  }

  const { project, saved, profile, regionOptions, existing } = loaderData;
  const readOnly = !!saved && !saved.canEdit;
  const heading = readOnly ? '申报详情' : '在线申报';
  const blocked = existing
    ? `贵企业已申报该项目（申报编号 ${existing.id}，状态：${existing.statusText}），不能重复申报。`
    : !saved && project.status !== 'open'
      ? project.status === 'not_started'
        ? `本项目将于 ${formatDateTime(project.applyStart)} 开始申报，请届时再来。`
        : '本项目申报已截止。'
      : null;

  return (
    <AntdProvider>
      <PageHeading
        crumbs={[
          { label: '免申即享', to: '/free-apply' },
          { label: project.name, to: `/free-apply/declare-project/detail?id=${project.id}` },
          { label: heading },
        ]}
        title={heading}
        extra={saved ? <StatusTag status={saved.status} text={saved.statusText} /> : undefined}
      />
      <div className="ent-two-col">
        <section className="card ent-panel">
          {readOnly ? (
            <>
              <Alert
                type={saved.status === 'refused' ? 'error' : saved.status === 'approved' ? 'success' : 'info'}
                showIcon
                className="ent-form__restored"
                title={`申报编号 ${saved.id}，当前状态：${saved.statusText}${EDITABLE_DECLARE_STATUSES.includes(saved.status) ? (saved.status === 'returned' ? '（重新提交的期限已过，不能再修改）' : '（项目已不在申报期内，不能再修改）') : ''}`}
                description={
                  saved.reviewNote ? `审核意见：${saved.reviewNote}` : saved.submittedAt ? `提交时间：${formatDateTime(saved.submittedAt)}` : undefined
                }
              />
              <DeclareReview
                project={project}
                values={valuesFromDetail(saved)}
                regionText={labelsOf(regionOptions, toCascaderValue(saved)).join(' / ')}
                readOnly
              />
            </>
          ) : blocked ? (
            <Alert type="warning" showIcon title={blocked} action={<Button onClick={() => navigate('/user/free-apply')}>查看我的申报</Button>} />
          ) : (
            <DeclareForm key={saved?.id ?? 'new'} project={project} saved={saved} profile={profile} regionOptions={regionOptions} />
          )}
        </section>
        <aside className="card ent-aside">
          <h2 className="section-title">申报项目</h2>
          <p className="ent-aside__text">
            <strong>{project.name}</strong>
            <br />
            主管部门：{project.department}
            <br />
            扶持金额：{formatAmount(project.amountMin, project.amountMax)}
            <br />
            截止时间：{formatDateTime(project.applyEnd)}
          </p>
          {saved && saved.timeline.length > 0 && (
            <>
              <h2 className="section-title">办理记录</h2>
              {saved.amountApproved !== null && <p className="ent-aside__text">核定金额：{saved.amountApproved} 万元</p>}
              {saved.status === 'returned' && saved.resubmitDueAt && (
                <p className="ent-aside__text">请于 {formatDeadline(saved.resubmitDueAt)} 前修改后重新提交，逾期不能再提交。</p>
              )}
              <StepTimeline steps={saved.timeline} colours={DECLARE_ACTION_COLOUR} />
            </>
          )}
          {!readOnly && !blocked && (
            <>
              <h2 className="section-title">填写说明</h2>
              <p className="ent-aside__text">
                企业信息已按贵企业资料预先填好，请核对。可随时“保存草稿”，之后在“我的申报与免申即享”中继续填写；填写内容也会自动保存在本机，登录过期不会丢失。提交前会请您核对全部信息。
              </p>
            </>
          )}
        </aside>
      </div>
    </AntdProvider>
  );
}
