import { useEffect, useState } from 'react';
import type { Route } from './+types/home';
import { Badge } from '#app/components/detail.tsx';
import { EmptyState } from '#app/components/empty-state.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { DatedLinks, Figures, HomePanel, ServiceLinks, type Figure } from '#app/components/home-blocks.tsx';
import { SmartLink } from '#app/components/smart-link.tsx';
import { greetingOf } from '#app/lib/greeting.ts';
import { useRootData } from '#app/lib/root-data.ts';
import homeStyles from '#app/styles/home.css?url';
import { formatAmount, formatDate } from '#contract/format.ts';
import { SiteSearchBox } from '#app/components/site-search-box.tsx';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: homeStyles }];

const LATEST = { currentPage: 1, pageSize: 6, keyword: undefined };
const none = { level: undefined, category: undefined, status: undefined };

export async function loader({ context }: Route.LoaderArgs) {
  const { notice, policy, serviceItem, statistics, declareProject, proclamation } = context.services;
  const [notices, policies, services, stats, projects, proclamations] = await Promise.all([
    notice.list(LATEST),
    policy.list({ ...LATEST, ...none }),
    serviceItem.list(),
    statistics.home(),
    declareProject.list({ ...LATEST, ...none, pageSize: 3, status: 'open' }),
    proclamation.list({ currentPage: 1, pageSize: 5 }),
  ]);
  // Only what the page shows: the loader data travels a second time, serialised into the page for
  // hydration, and on the home page that costs more than drawing it.
  return {
    greeting: greetingOf(new Date()),
    notices: notices.records.map(({ id, title, publishAt, isTop }) => ({ id, title, publishAt, isTop })),
    policies: policies.records.map(({ id, title, publishAt, levelText }) => ({ id, title, publishAt, levelText })),
    services,
    projects: projects.records.map((p) => ({
      id: p.id,
      name: p.name,
      amount: formatAmount(p.amountMin, p.amountMax),
      department: p.department,
      applyEnd: p.applyEnd,
      status: p.status,
      statusText: p.statusText,
    })),
    openProjectCount: projects.total,
    proclamations: proclamations.records.map(({ id, projectId, title, publishAt, objectionOpen }) => ({ id, projectId, title, publishAt, objectionOpen })),
    figures: [
      { label: '今日访问', value: String(stats.visitsToday), unit: '次' },
      { label: '累计访问', value: String(stats.visitsTotal), unit: '次' },
      { label: '重点政策', value: String(stats.policyCount), unit: '项' },
      { label: '通知公告', value: String(stats.noticeCount), unit: '条' },
      { label: '受理诉求', value: String(stats.appealCount), unit: '件' },
      { label: '办结诉求', value: String(stats.appealResolvedCount), unit: '件' },
      {
        label: '满意率',
        value: stats.satisfactionRate === null ? '-' : String(stats.satisfactionRate),
        unit: stats.satisfactionRate === null ? undefined : '%',
      },
      { label: '申报中项目', value: String(projects.total), unit: '个' },
    ] satisfies Figure[],
  };
}

/** The server's greeting, refreshed in the browser: a cached page may have been drawn hours ago. */
function useGreeting(fromServer: string): string {
  const [greeting, setGreeting] = useState(fromServer);
  useEffect(() => setGreeting(greetingOf(new Date())), []);
  return greeting;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { notices, policies, services, figures, projects, openProjectCount, proclamations } = loaderData;
  const root = useRootData();
  const greeting = useGreeting(loaderData.greeting);
  const platformName = root?.site.platformName ?? '';
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-greeting">
        <div className="home-hero__welcome">
          <h1 id="home-greeting" className="home-hero__greeting">
            {root?.user ? `${greeting}，${root.user.nickName}` : `${greeting}，欢迎您！`}
          </h1>
          <p className="home-hero__line">欢迎访问{platformName}，政策查询、诉求办理、项目申报一网通办。</p>
          <SiteSearchBox variant="hero" className="home-hero__search" placeholder="搜索政策、通知、项目、文号，如：专精特新、高企" />
        </div>
        <Figures figures={figures} />
      </section>

      <HomePanel title="服务事项" className="home-services">
        <ServiceLinks items={services} />
      </HomePanel>

      <div className="home-columns">
        <HomePanel title="通知公告" more={{ to: '/notice' }}>
          <DatedLinks
            items={notices.map((n) => ({
              key: n.id,
              to: `/notice/detail?id=${n.id}`,
              title: n.title,
              at: n.publishAt,
              tag: n.isTop ? <Badge tone="red">置顶</Badge> : undefined,
            }))}
            empty="暂未发布通知公告"
          />
        </HomePanel>
        <HomePanel title="重点政策" more={{ to: '/important-policy' }}>
          <DatedLinks
            items={policies.map((p) => ({
              key: p.id,
              to: `/important-policy/detail?id=${p.id}`,
              title: p.title,
              at: p.publishAt,
              tag: <Badge tone="blue">{p.levelText}</Badge>,
            }))}
            empty="暂未发布政策文件"
          />
        </HomePanel>
      </div>

      <HomePanel title={`申报中的项目（${openProjectCount}）`} more={{ to: '/free-apply?tab=declare&status=open', label: '全部申报项目' }}>
        {projects.length ? (
          <ul className="project-cards">
            {projects.map((p) => (
              <li key={p.id}>
                <SmartLink to={`/free-apply/declare-project/detail?id=${p.id}`} className="project-card">
                  <span className="project-card__name">{p.name}</span>
                  <span className={p.amount.endsWith('万元') ? 'amount' : 'amount amount--fallback'}>{p.amount}</span>
                  <span className="project-card__meta">{p.department}</span>
                  <span className="project-card__meta">
                    申报截止：{formatDate(p.applyEnd)} <StatusBadge status={p.status} text={p.statusText} />
                  </span>
                </SmartLink>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState hint="目前没有正在申报的项目，可以先看看免申即享" />
        )}
      </HomePanel>

      <div className="home-columns">
        <HomePanel title="公示公告" more={{ to: '/free-apply?tab=proclamation' }}>
          <DatedLinks
            items={proclamations.map((p) => ({
              key: p.id,
              to: `/free-apply/proclamation/detail?projectId=${p.projectId}&id=${p.id}`,
              title: p.title,
              at: p.publishAt,
              tag: p.objectionOpen ? <Badge tone="orange">公示中</Badge> : undefined,
            }))}
            empty="暂无评审结果公示"
          />
        </HomePanel>
        <div className="home-entries">
          <SmartLink to="/appeal/components/appeal-form" className="home-entry home-entry--appeal">
            <strong>企业诉求</strong>
            <span>经营中遇到困难？在线提交诉求，1 个工作日内受理，5 个工作日内答复。</span>
            <em>我要提诉求 ›</em>
          </SmartLink>
          <SmartLink to="/free-apply" className="home-entry home-entry--free">
            <strong>免申即享</strong>
            <span>符合条件的企业无需申请，确认信息即可享受扶持资金直达。</span>
            <em>查看免申即享项目 ›</em>
          </SmartLink>
        </div>
      </div>
    </div>
  );
}
