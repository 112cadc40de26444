import type { Route } from './+types/search';
import { ListPagination } from '#app/components/doc-list.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { SiteSearchBox } from '#app/components/site-search-box.tsx';
import { SmartLink } from '#app/components/smart-link.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { MAX_QUERY_LENGTH, QUERY_TOO_LONG, SEARCH_COUNT_LIMIT, SEARCH_SORTS, SEARCH_TYPES, searchQuerySchema } from '#app/lib/schemas.server.ts';
import searchStyles from '#app/styles/search.css?url';
import { formatDate } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: searchStyles }];

export const meta: Route.MetaFunction = ({ matches, data }) => pageMeta(matches, data?.q ? `“${data.q}”的搜索结果` : '站内搜索', '搜索本平台公开的政策、通知公告、申报项目、公示、服务事项、通讯录与公开诉求');

/**
 * /search (docs/product.md "站内搜索"): server-rendered, whole without JavaScript: the box, a tab per
 * type with its count, the results with their hits marked, paging, and what to try when nothing
 * was found. The labels travel as loader data, so no schema code reaches the browser.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { search } = context.services;
  const typed = (url.searchParams.get('q') ?? '').trim();
  const labels = { types: SEARCH_TYPES, sorts: SEARCH_SORTS };
  const limit = SEARCH_COUNT_LIMIT;
  if (!typed) return { q: '', error: null, result: null, hints: await search.hints(), labels };
  if ([...typed].length > MAX_QUERY_LENGTH) return { q: typed.slice(0, MAX_QUERY_LENGTH), error: QUERY_TOO_LONG, result: null, hints: [], labels };
  const query = parseSearch(searchQuerySchema, url.searchParams);
  const result = await search.search(query);
  const hints = result.total === 0 ? await search.hints() : [];
  return { q: query.q, error: null, result: { ...result, type: query.type ?? null, sort: query.sort, limit }, hints, labels };
}

type Data = Route.ComponentProps['loaderData'];

function href(q: string, params: Record<string, string | null>): string {
  const search = new URLSearchParams({ q });
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  return `/search?${search.toString()}`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, error, result, hints, labels } = loaderData;
  return (
    <>
      <PageHeading title="站内搜索" crumbs={[{ label: '站内搜索' }]} />
      <section className="card search-page">
        <SiteSearchBox query={q} variant="hero" />
        {error && (
          <p role="alert" className="search-page__error">
            {error}
          </p>
        )}
        {result && <Results q={q} result={result} labels={labels} />}
        {(!result || result.total === 0) && !error && <Hints q={q} hints={hints} searched={Boolean(result)} />}
      </section>
    </>
  );
}

function Results({ q, result, labels }: { q: string; result: NonNullable<Data['result']>; labels: Data['labels'] }) {
  // Counts stop at a thousand (docs/search.md "Matching, ranking and sort"): past it a tab says 1,000+.
  const count = (n: number, capped: boolean) => `${n.toLocaleString('en-US')}${capped ? '+' : ''}`;
  const allFound = Object.values(result.facets).reduce((a, b) => a + b, 0);
  const tabs: [string | null, string, string][] = [
    [null, '全部', count(Math.min(allFound, result.limit), allFound > result.limit || result.cappedFacets.length > 0)],
    ...Object.entries(labels.types).map(([type, label]) => [type, label, count(result.facets[type] ?? 0, result.cappedFacets.includes(type as never))] as [string, string, string]),
  ];
  return (
    <>
      <nav className="search-tabs" aria-label="按类别查看">
        <ul>
          {tabs.map(([type, label, count]) => {
            const current = result.type === type;
            return (
              <li key={label}>
                <SmartLink to={href(q, { type, sort: result.sort === 'date' ? 'date' : null })} className={current ? 'search-tabs__tab is-active' : 'search-tabs__tab'} aria-current={current ? 'page' : undefined}>
                  {label}
                  <span className="search-tabs__count">（{count}）</span>
                </SmartLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {result.total > 0 && (
        <div className="search-page__bar">
          <p className="search-page__summary" role="status">
            {result.totalCapped ? '找到超过 ' : '找到 '}
            <strong>{result.total.toLocaleString('en-US')}</strong> 条与“{q}”相关的{result.type ? labels.types[result.type as keyof typeof labels.types] : '内容'}
            {result.totalCapped && `，列出其中最新的 ${result.total.toLocaleString('en-US')} 条；再加一个词可以找得更准`}
          </p>
          <p className="search-page__sorts">
            {Object.entries(labels.sorts).map(([sort, label]) =>
              result.sort === sort ? (
                <span key={sort} className="search-page__sort is-active" aria-current="true">
                  {label}
                </span>
              ) : (
                <SmartLink key={sort} to={href(q, { type: result.type, sort: sort === 'date' ? 'date' : null })} className="search-page__sort">
                  {label}
                </SmartLink>
              ),
            )}
          </p>
        </div>
      )}
      {result.total > 0 && (
        <ol className="search-results">
          {result.records.map((r) => (
            <li key={`${r.type}-${r.id}`} className="search-result">
              <p className="search-result__head">
                <span className="search-result__type">{labels.types[r.type]}</span>
                {/* Escaped by the server; its only markup is <mark> around the hits. */}
                {r.url.startsWith('/') ? (
                  <SmartLink to={r.url} className="search-result__title" dangerouslySetInnerHTML={{ __html: r.title }} />
                ) : (
                  // A service item may link to another government site.
                  <a href={r.url} target="_blank" rel="noopener" className="search-result__title" title="在新窗口打开" dangerouslySetInnerHTML={{ __html: r.title }} />
                )}
              </p>
              {r.snippet && <p className="search-result__snippet" dangerouslySetInnerHTML={{ __html: r.snippet }} />}
              <p className="search-result__meta">{formatDate(r.date)}</p>
            </li>
          ))}
        </ol>
      )}
      {result.total > 0 && <ListPagination page={result} />}
    </>
  );
}

function Hints({ q, hints, searched }: { q: string; hints: string[]; searched: boolean }) {
  return (
    <div className="search-page__empty">
      {searched ? (
        <>
          <h2 className="search-page__empty-title">没有找到与“{q}”相关的内容</h2>
          <ul className="search-page__advice">
            <li>请检查输入的字词是否有误，或换一个意思相近的说法；</li>
            <li>减少关键词，或只输入最关键的一两个词；</li>
            <li>文号可以只输入发文机关简称和年份，如“沪府规 2026”。</li>
          </ul>
        </>
      ) : (
        <h2 className="search-page__empty-title">请输入要搜索的内容</h2>
      )}
      {hints.length > 0 && (
        <p className="search-page__hints">
          大家都在搜：
          {hints.map((h) => (
            <SmartLink key={h} to={href(h, {})} className="search-page__hint">
              {h}
            </SmartLink>
          ))}
        </p>
      )}
    </div>
  );
}
