import type { Route } from './+types/notice';
import { DocListItem, PagedDocList } from '#app/components/doc-list.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { SearchForm } from '#app/components/search-form.tsx';
import { Badge } from '#app/components/detail.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { noticeListQuerySchema } from '#app/lib/schemas.server.ts';
import listStyles from '#app/styles/list.css?url';
import { display, formatDate } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '通知公告', '综合保税区管理部门发布的通知、公告与工作提醒');

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearch(noticeListQuerySchema, url.searchParams);
  return { page: await context.services.notice.list(query), keyword: query.keyword };
}

export default function NoticeList({ loaderData }: Route.ComponentProps) {
  const { page, keyword } = loaderData;
  return (
    <>
      <PageHeading title="通知公告" crumbs={[{ label: '通知公告' }]} />
      <section className="card list-card">
        <SearchForm action="/notice" keyword={keyword} placeholder="请输入通知公告标题关键词" />
        <PagedDocList page={page} emptyHint={keyword ? `没有找到与“${keyword}”相关的通知公告，请换个关键词试试` : '目前还没有发布通知公告，请稍后再来看看'}>
          {(n) => {
            const date = formatDate(n.publishAt);
            return (
              <DocListItem
                key={n.id}
                date={date}
                badge={n.isTop && <Badge tone="red">置顶</Badge>}
                to={`/notice/detail?id=${n.id}`}
                title={n.title}
                summary={n.summary && <p className="doc-list__summary">{n.summary}</p>}
                meta={[<>发布单位：{display(n.source)}</>, <>发布日期：{date}</>, <>浏览：{n.viewCount}</>]}
              />
            );
          }}
        </PagedDocList>
      </section>
    </>
  );
}
