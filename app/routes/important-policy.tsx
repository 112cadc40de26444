import type { Route } from './+types/important-policy';
import { DocListItem, PagedDocList } from '#app/components/doc-list.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { PolicyBadges } from '#app/components/policy-badges.tsx';
import { SearchForm } from '#app/components/search-form.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { policyListQuerySchema } from '#app/lib/schemas.server.ts';
import listStyles from '#app/styles/list.css?url';
import { display, formatDate } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '重点政策', '国家、省、市、区各级惠企政策文件与政策解读');

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearch(policyListQuerySchema, url.searchParams);
  const { policy, dict } = context.services;
  const [page, levels, categories] = await Promise.all([policy.list(query), dict.options('policy_level'), dict.options('policy_category')]);
  return { page, levels, categories, query: { keyword: query.keyword, level: query.level, category: query.category } };
}

export default function PolicyList({ loaderData }: Route.ComponentProps) {
  const { page, levels, categories, query } = loaderData;
  const filtered = Boolean(query.keyword || query.level || query.category);
  return (
    <>
      <PageHeading title="重点政策" crumbs={[{ label: '重点政策' }]} />
      <section className="card list-card">
        <SearchForm
          action="/important-policy"
          keyword={query.keyword}
          placeholder="请输入政策标题或文号关键词"
          filters={[
            { name: 'level', label: '政策级别', allText: '全部级别', options: levels, value: query.level },
            { name: 'category', label: '政策类别', allText: '全部类别', options: categories, value: query.category },
          ]}
        />
        <PagedDocList page={page} emptyHint={filtered ? '没有找到符合条件的政策，请调整筛选条件或关键词' : '目前还没有发布政策文件，请稍后再来看看'}>
          {(p) => {
            const date = formatDate(p.publishAt);
            return (
              <DocListItem
                key={p.id}
                date={date}
                to={`/important-policy/detail?id=${p.id}`}
                title={p.title}
                meta={[<>文号：{display(p.docNo)}</>, <>发文机关：{display(p.issuer)}</>, <>发布日期：{date}</>]}
                aside={
                  <div className="list-actions">
                    <PolicyBadges policy={p} />
                  </div>
                }
              />
            );
          }}
        </PagedDocList>
      </section>
    </>
  );
}
