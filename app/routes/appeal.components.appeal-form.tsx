import { Alert, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/appeal.components.appeal-form';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { antdLinks } from '#app/components/antd-styles.ts';
import { PageHeading } from '#app/components/page-heading.tsx';
import { AppealForm } from '#app/features/appeal/appeal-form.tsx';
import { AppealReceipt } from '#app/features/appeal/appeal-receipt.tsx';
import { APPEAL_STEPS, DEADLINE_RULE, PUBLIC_EXPLANATION } from '#app/features/appeal/appeal-texts.ts';
import { requireUser } from '#app/lib/require-user.server.ts';
import enterpriseStyles from '#app/styles/enterprise.css?url';
import { notify } from '#app/lib/feedback.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam } from '#app/lib/params.ts';
import { notFoundPage, orRouteError } from '#app/lib/route-errors.ts';
import type { AppealDetail } from '#contract/appeal.ts';

export const links: Route.LinksFunction = () => [...antdLinks(), { rel: 'stylesheet', href: enterpriseStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.editing ? '修改诉求' : '我要诉求');

/**
 * Open to visitors (they may fill it; submitting asks them to log in). `?id=` changes an appeal of
 * the user's enterprise that is still 待受理, and needs login.
 */
export async function loader(args: Route.LoaderArgs) {
  const { url, context } = args;
  const idParam = url.searchParams.get('id');
  const types = await context.services.dict.options('appeal_type');
  if (idParam !== null) {
    const user = requireUser(args);
    const id = parseIdParam(idParam);
    if (id === null) notFoundPage('该诉求不存在');
    const editing = await orRouteError(context.services.appeal.detail(user, id));
    if (!editing.mine) notFoundPage('该诉求不存在');
    return { types, loggedIn: true, contact: null, editing };
  }
  const user = context.user;
  const enterprise = user ? (await context.services.account.profile(user.userId)).enterprise : null;
  const contact = enterprise ? { contactName: enterprise.contactName, contactPhone: enterprise.contactPhone } : null;
  return { types, loggedIn: !!user, contact, editing: null };
}

export default function AppealFormPage({ loaderData }: Route.ComponentProps) {
  const { types, loggedIn, contact, editing } = loaderData;
  const [saved, setSaved] = useState<AppealDetail | null>(null);
  const [formKey, setFormKey] = useState(0);
  const navigate = useNavigate();

  return (
    <AntdProvider>
      <PageHeading
        crumbs={editing ? [{ label: '我的诉求', to: '/user/appeal' }, { label: '修改诉求' }] : [{ label: '企业诉求', to: '/appeal' }, { label: '我要诉求' }]}
        title={editing ? '修改诉求' : '我要诉求'}
      />
      <div className="ent-two-col">
        <section className="card ent-panel">
          {editing && !editing.canEdit ? (
            <Alert
              type="warning"
              showIcon
              title={`该诉求当前为“${editing.statusText}”，只有待受理的诉求可以修改。`}
              description={<Link to={`/user/appeal/${editing.id}`}>查看诉求详情</Link>}
            />
          ) : saved ? (
            <AppealReceipt
              appeal={saved}
              onAnother={() => {
                setSaved(null);
                setFormKey((k) => k + 1);
              }}
            />
          ) : (
            <AppealForm
              key={formKey}
              focusFirst={formKey > 0}
              types={types}
              loggedIn={loggedIn}
              contact={contact}
              editing={editing ?? undefined}
              onSaved={(appeal) => {
                if (!editing) {
                  setSaved(appeal);
                  window.scrollTo({ top: 0 });
                  return;
                }
                notify('success', '诉求已修改');
                navigate(`/user/appeal/${appeal.id}`);
              }}
            />
          )}
        </section>
        <aside className="card ent-aside">
          <h2 className="section-title">办理流程</h2>
          <Steps orientation="vertical" size="small" current={-1} items={APPEAL_STEPS} className="ent-aside__steps" />
          <p className="ent-aside__text">{DEADLINE_RULE}</p>
          <h2 className="section-title">关于公开</h2>
          <p className="ent-aside__text">{PUBLIC_EXPLANATION}</p>
        </aside>
      </div>
    </AntdProvider>
  );
}
