import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, Empty } from 'antd';
import { Button } from '#app/components/antd-first-paint.tsx';
import { PlainTag } from '#app/components/plain-antd.tsx';
import { useNavigate } from 'react-router';
import { SmartLink } from '#app/components/smart-link.tsx';
import type { Route } from './+types/user._index';
import { AccountSettings } from '#app/features/account/account-settings.tsx';
import { loadOverview } from '#app/features/user-centre/overview.server.ts';
import type { StatusCount } from '#app/features/user-centre/overview.ts';
import { requireUser } from '#app/lib/require-user.server.ts';
import { statusColour } from '#app/features/user-centre/status-tag.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { MatchSection } from '#app/features/matching/match-section.tsx';
import matchingStyles from '#app/styles/matching.css?url';
import { formatDateTime } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: matchingStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '用户中心');

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { services } = args.context;
  const [overview, profile, matching] = await Promise.all([
    user.enterpriseId === null ? null : loadOverview(services, user),
    services.account.profile(user.userId),
    user.enterpriseId === null ? null : Promise.all([services.match.mine(user), services.match.profile.mine(user)]),
  ]);
  return {
    overview,
    profile,
    matching: matching && {
      matches: matching[0],
      profileFilled: Object.keys(matching[1].attributes).length > 0,
    },
  };
}

function CountCard({ title, to, filter, counts }: { title: string; to: string; filter: (status: string) => string; counts: StatusCount[] }) {
  const total = counts.reduce((n, c) => n + c.count, 0);
  return (
    <div className="card overview-card">
      <div className="overview-card__head">
        <h2 className="overview-card__title">{title}</h2>
        <SmartLink to={to}>全部 {total} 条 ›</SmartLink>
      </div>
      <ul className="overview-card__counts">
        {counts.map((c) => (
          <li key={c.status}>
            <SmartLink to={filter(c.status)} className={c.count ? undefined : 'is-zero'}>
              <span className="overview-card__num">{c.count}</span>
              <PlainTag color={statusColour(c.status)} variant="outlined">
                {c.text}
              </PlainTag>
            </SmartLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function UserOverview({ loaderData }: Route.ComponentProps) {
  const { overview, profile, matching } = loaderData;
  return (
    <>
      {overview ? (
        <Overview overview={overview} />
      ) : (
        <section className="card ent-section">
          <Alert type="warning" showIcon title="您的账号尚未关联企业" description="请在下方“企业信息”中完善企业资料后，再办理诉求、申报和免申即享。" />
        </section>
      )}
      {matching && <MatchSection matches={matching.matches} profileFilled={matching.profileFilled} />}
      <AccountSettings profile={profile} />
    </>
  );
}

function Overview({ overview }: { overview: NonNullable<Route.ComponentProps['loaderData']['overview']> }) {
  const navigate = useNavigate();
  const { counts, todos } = overview;
  return (
    <>
      <section className="card ent-section">
        <div className="ent-section__head">
          <h1 className="section-title">需要您处理</h1>
          {todos.length > 0 && <span className="ent-muted">共 {todos.length} 项</span>}
        </div>
        {todos.length === 0 ? (
          <Empty image={<CheckCircleOutlined className="overview-done" />} description="暂无需要您处理的事项" />
        ) : (
          <ul className="todo-list">
            {todos.map((t) => (
              <li key={t.key} className="todo-list__item">
                <PlainTag color="orange">{t.kind}</PlainTag>
                <div className="todo-list__body">
                  <div className="todo-list__title">{t.title}</div>
                  <div className="ent-muted todo-list__hint">
                    {t.hint} · {formatDateTime(t.at)}
                  </div>
                </div>
                <Button type="primary" onClick={() => navigate(t.to)}>
                  {t.action}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="overview-grid">
        <CountCard title="我的诉求" to="/user/appeal" filter={(s) => `/user/appeal?status=${s}`} counts={counts.appeals} />
        <CountCard
          title="我的申报"
          to="/user/free-apply?kind=declare"
          filter={(s) => `/user/free-apply?kind=declare&status=${s}`}
          counts={counts.declarations}
        />
        <CountCard title="免申即享" to="/user/free-apply?kind=free" filter={(s) => `/user/free-apply?kind=free&status=${s}`} counts={counts.freeRows} />
      </div>
    </>
  );
}
