import type { Route } from './+types/appeal';
import { DocListItem, PagedDocList } from '#app/components/doc-list.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { SearchForm } from '#app/components/search-form.tsx';
import { SmartLink } from '#app/components/smart-link.tsx';
import { Badge } from '#app/components/detail.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { APPEAL_STATUS, appealQuerySchema, optionsOf } from '#app/lib/schemas.server.ts';
import listStyles from '#app/styles/list.css?url';
import { formatDate, formatDateTime } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '企业诉求', '企业诉求公开：诉求内容、办理状态与答复');

export async function loader({ url, context }: Route.LoaderArgs) {
  const { id: _id, ...query } = parseSearch(appealQuerySchema, url.searchParams);
  const { appeal, dict } = context.services;
  const [page, types] = await Promise.all([appeal.listPublic(query), dict.options('appeal_type')]);
  // A withdrawn appeal never shows publicly, so it is no filter either.
  const { withdrawn: _withdrawn, ...statuses } = APPEAL_STATUS;
  return { page, types, statuses: optionsOf(statuses), query: { keyword: query.keyword, type: query.type, status: query.status } };
}

export default function AppealList({ loaderData }: Route.ComponentProps) {
  const { page, types, statuses, query } = loaderData;
  const filtered = Boolean(query.keyword || query.type || query.status);
  return (
    <>
      <PageHeading
        title="企业诉求"
        crumbs={[{ label: '企业诉求' }]}
        extra={
          <SmartLink to="/appeal/components/appeal-form" className="btn btn--primary btn--large">
            我要提诉求
          </SmartLink>
        }
      />
      <section className="card list-card">
        <p className="list-intro">
          <strong>限时办理：</strong>诉求提交后 1 个工作日内受理，受理后 5 个工作日内答复。以下为企业选择公开的诉求及办理情况，企业名称已做脱敏处理。
        </p>
        <SearchForm
          action="/appeal"
          keyword={query.keyword}
          placeholder="请输入诉求标题关键词"
          filters={[
            { name: 'type', label: '诉求类型', allText: '全部类型', options: types, value: query.type },
            { name: 'status', label: '办理状态', allText: '全部状态', options: statuses, value: query.status },
          ]}
        />
        <PagedDocList page={page} emptyHint={filtered ? '没有找到符合条件的诉求，请调整筛选条件或关键词' : '目前还没有公开的诉求'}>
          {(a) => (
            <DocListItem
              key={a.id}
              badge={<Badge tone="blue">{a.typeText}</Badge>}
              to={`/appeal/detail?id=${a.id}`}
              title={a.title}
              meta={[<>诉求企业：{a.enterpriseName}</>, <>提交日期：{formatDate(a.createdAt)}</>]}
              aside={<StatusBadge status={a.status} text={a.statusText} />}
            >
              {a.reply && (
                <p className="doc-list__reply">
                  <strong>答复：</strong>
                  {a.reply}
                  <span className="doc-list__reply-time">（{formatDateTime(a.repliedAt)}）</span>
                </p>
              )}
            </DocListItem>
          )}
        </PagedDocList>
      </section>
    </>
  );
}
