import type { Route } from './+types/address-book';
import { ListPagination } from '#app/components/doc-list.tsx';
import { EmptyState } from '#app/components/empty-state.tsx';
import { ListLoading } from '#app/components/list-loading.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { StarToggle } from '#app/components/star-toggle.tsx';
import { SearchForm } from '#app/components/search-form.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { parseSearch } from '#app/lib/params.ts';
import { addressBookQuerySchema } from '#app/lib/schemas.server.ts';
import listStyles from '#app/styles/list.css?url';
import { display } from '#contract/format.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '通讯录', '综合保税区各部门、窗口的联系电话、办公地址与工作职责');

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearch(addressBookQuerySchema, url.searchParams);
  const { addressBook, userBook } = context.services;
  const [page, departments, starred] = await Promise.all([
    addressBook.list(query),
    addressBook.departments(),
    context.user ? userBook.starred(context.user) : null,
  ]);
  return {
    page,
    departments: departments.map((d) => ({ id: d, text: d })),
    query: { keyword: query.keyword, department: query.department },
    // Only for a signed-in user: the ids they starred (the star column shows then).
    starredIds: starred ? starred.map((e) => e.id) : null,
  };
}

export default function AddressBook({ loaderData }: Route.ComponentProps) {
  const { page, departments, query, starredIds } = loaderData;
  const starred = starredIds ? new Set(starredIds) : null;
  const filtered = Boolean(query.keyword || query.department);
  return (
    <>
      <PageHeading title="通讯录" crumbs={[{ label: '通讯录' }]} />
      <section className="card list-card">
        <SearchForm
          action="/address-book"
          keyword={query.keyword}
          placeholder="请输入姓名、岗位或职责关键词"
          filters={[{ name: 'department', label: '部门', allText: '全部部门', options: departments, value: query.department }]}
        />
        <ListLoading>
          {page.records.length ? (
            <table className="data-table">
              <colgroup>
                <col style={{ width: '18%' }} />
                <col style={{ width: '16%' }} />
                <col style={{ width: '16%' }} />
                <col style={{ width: '20%' }} />
                <col />
                {starred && <col style={{ width: 64 }} />}
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">部门</th>
                  <th scope="col">姓名/岗位</th>
                  <th scope="col">联系电话</th>
                  <th scope="col">办公地址</th>
                  <th scope="col">工作职责</th>
                  {starred && (
                    <th scope="col" className="nowrap">
                      收藏
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {page.records.map((e) => (
                  <tr key={e.id}>
                    <td>{e.department}</td>
                    <td>{e.name}</td>
                    <td className="nowrap">
                      <a href={`tel:${e.phone}`}>{e.phone}</a>
                    </td>
                    <td className="muted">{display(e.address)}</td>
                    <td className="muted">{display(e.duties)}</td>
                    {starred && (
                      <td>
                        <StarToggle key={`${e.id}-${starred.has(e.id)}`} entryId={e.id} name={e.name} starred={starred.has(e.id)} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <EmptyState hint={filtered ? '没有找到符合条件的联系人，请换个部门或关键词试试' : '通讯录暂未公布，请稍后再来看看'} />
          )}
        </ListLoading>
        <ListPagination page={page} />
      </section>
    </>
  );
}
