import type { ReactNode } from 'react';
import type { Route } from './+types/free-apply';
import { Badge } from '#app/components/detail.tsx';
import { DocListItem, ListPagination } from '#app/components/doc-list.tsx';
import { EmptyState } from '#app/components/empty-state.tsx';
import { ListLoading } from '#app/components/list-loading.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { SearchForm, type Filter } from '#app/components/search-form.tsx';
import { SmartLink } from '#app/components/smart-link.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { freeProjectListQuerySchema, optionsOf, proclamationListQuerySchema, PROJECT_STATUS, projectListQuerySchema } from '#app/lib/schemas.server.ts';
import listStyles from '#app/styles/list.css?url';
import { formatAmount, formatDate } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listStyles }];

/** The three tabs of /free-apply (docs/domain.md "Where things appear"), chosen by ?tab=. */
const TABS = [
  { key: 'free', label: '免申即享' },
  { key: 'declare', label: '申报项目' },
  { key: 'proclamation', label: '公示公告' },
] as const;
type Tab = (typeof TABS)[number]['key'];
const tabOf = (value: string | null): Tab => TABS.find((t) => t.key === value)?.key ?? 'free';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    loaderData?.tab === 'declare' ? '申报项目' : loaderData?.tab === 'proclamation' ? '公示公告' : '免申即享',
    '免申即享政策兑现、扶持项目申报与评审结果公示',
  );

export async function loader({ url, context }: Route.LoaderArgs) {
  const search = url.searchParams;
  const tab = tabOf(search.get('tab'));
  const { freeProject, declareProject, proclamation, dict } = context.services;
  if (tab === 'declare') {
    const query = parseSearch(projectListQuerySchema, search);
    const [page, categories] = await Promise.all([declareProject.list(query), dict.options('declare_category')]);
    const filters: Filter[] = [
      { name: 'status', label: '申报状态', allText: '全部状态', options: optionsOf(PROJECT_STATUS), value: query.status },
      { name: 'category', label: '项目类别', allText: '全部类别', options: categories, value: query.category },
    ];
    return { tab, keyword: query.keyword, filters, declare: page } as const;
  }
  if (tab === 'proclamation') {
    return { tab, proclamations: await proclamation.list(parseSearch(proclamationListQuerySchema, search)) } as const;
  }
  const query = parseSearch(freeProjectListQuerySchema, search);
  return { tab, keyword: query.keyword, free: await freeProject.list(query, context.user) } as const;
}

export default function FreeApply({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  let body: ReactNode;
  let page: { total: number; currentPage: number; pageSize: number };
  if (data.tab === 'declare') {
    page = data.declare;
    body = (
      <>
        <SearchForm action="/free-apply" hidden={{ tab: 'declare' }} keyword={data.keyword} placeholder="请输入项目名称关键词" filters={data.filters} />
        <DeclareList items={data.declare.records} filtered={Boolean(data.keyword || data.filters.some((f) => f.value))} />
      </>
    );
  } else if (data.tab === 'proclamation') {
    page = data.proclamations;
    body = <ProclamationList items={data.proclamations.records} />;
  } else {
    page = data.free;
    body = (
      <>
        <SearchForm action="/free-apply" keyword={data.keyword} placeholder="请输入免申即享项目名称关键词" />
        <FreeList items={data.free.records} filtered={Boolean(data.keyword)} />
      </>
    );
  }
  return (
    <>
      <PageHeading title="免申即享" crumbs={[{ label: '免申即享' }]} />
      <section className="card list-card">
        <nav className="tabs" aria-label="项目分类">
          {TABS.map((t) => (
            <SmartLink
              key={t.key}
              to={t.key === 'free' ? '/free-apply' : `/free-apply?tab=${t.key}`}
              className={t.key === data.tab ? 'tabs__tab is-active' : 'tabs__tab'}
              aria-current={t.key === data.tab ? 'page' : undefined}
            >
              {t.label}
            </SmartLink>
          ))}
        </nav>
        <ListLoading>{body}</ListLoading>
        <ListPagination page={page} />
      </section>
    </>
  );
}

function Amount({ min, max }: { min: number | null; max: number | null }) {
  const text = formatAmount(min, max);
  return <span className={text.endsWith('万元') ? 'amount' : 'amount amount--fallback'}>{text}</span>;
}

type LoaderData = Route.ComponentProps['loaderData'];
type FreeItem = Extract<LoaderData, { tab: 'free' }>['free']['records'][number];
type DeclareItem = Extract<LoaderData, { tab: 'declare' }>['declare']['records'][number];
type ProclamationItem = Extract<LoaderData, { tab: 'proclamation' }>['proclamations']['records'][number];

function FreeList({ items, filtered }: { items: readonly FreeItem[]; filtered: boolean }) {
  if (!items.length) return <EmptyState title={filtered ? undefined : '暂无免申即享项目'} hint={filtered ? '没有找到相关的免申即享项目，请换个关键词试试' : '目前没有免申即享项目，新项目发布后将在此列出'} />;
  return (
    <>
      <p className="list-intro">
        <strong>免申即享：</strong>由主管部门根据已掌握的数据主动识别符合条件的企业，企业无需申报，登录后确认收款信息即可享受。
      </p>
      <ul className="doc-list">
        {items.map((p) => (
          <DocListItem
            key={p.id}
            badge={<Badge tone="blue">{p.categoryText}</Badge>}
            to={`/free-apply/free-project/detail?id=${p.id}`}
            title={p.name}
            meta={[<>主管部门：{p.department}</>, <>发布日期：{formatDate(p.publishAt)}</>]}
            aside={
              <>
                <Amount min={p.amountMin} max={p.amountMax} />
                {p.eligible && <Badge tone="green">您的企业符合条件</Badge>}
                {p.eligible && p.freeDeclareEntId && (
                  <SmartLink to={`/free-apply/components/apply-form?freeDeclareEntId=${p.freeDeclareEntId}`} className="btn btn--primary btn--small">
                    确认与查看
                  </SmartLink>
                )}
              </>
            }
          />
        ))}
      </ul>
    </>
  );
}

function DeclareList({ items, filtered }: { items: readonly DeclareItem[]; filtered: boolean }) {
  if (!items.length) return <EmptyState title={filtered ? undefined : '暂无申报项目'} hint={filtered ? '没有找到符合条件的申报项目，请调整筛选条件或关键词' : '目前没有申报项目，新项目发布后将在此列出'} />;
  return (
    <ul className="doc-list">
      {items.map((p) => (
        <DocListItem
          key={p.id}
          badge={<Badge tone="blue">{p.categoryText}</Badge>}
          to={`/free-apply/declare-project/detail?id=${p.id}`}
          title={p.name}
          meta={[
            <>主管部门：{p.department}</>,
            <>
              申报时间：{formatDate(p.applyStart)} 至 {formatDate(p.applyEnd)}
            </>,
          ]}
          aside={
            <>
              <Amount min={p.amountMin} max={p.amountMax} />
              <StatusBadge status={p.status} text={p.statusText} />
            </>
          }
        />
      ))}
    </ul>
  );
}

function ProclamationList({ items }: { items: readonly ProclamationItem[] }) {
  if (!items.length) return <EmptyState title="暂无公示" hint="目前没有评审结果公示，项目评审结束后将在此公示" />;
  return (
    <ul className="doc-list">
      {items.map((p) => {
        const date = formatDate(p.publishAt);
        return (
          <DocListItem
            key={p.id}
            date={date}
            to={`/free-apply/proclamation/detail?projectId=${p.projectId}&id=${p.id}`}
            title={p.title}
            meta={[<>所属项目：{p.projectName}</>, <>公示企业：{p.enterpriseCount} 家</>, <>异议截止：{formatDate(p.objectionEndAt)}</>]}
            aside={p.objectionOpen ? <Badge tone="orange">公示中</Badge> : <Badge tone="grey">公示期满</Badge>}
          />
        );
      })}
    </ul>
  );
}
