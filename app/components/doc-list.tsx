import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { ListLoading } from './list-loading.tsx';
import { Pagination } from './pagination.tsx';
import { SmartLink } from './smart-link.tsx';

/** Day over year-month beside a dated entry; `date` is a formatted YYYY-MM-DD. */
export function DateBlock({ date }: { date: string }) {
  return (
    <div className="date-block" aria-hidden="true">
      <span className="date-block__day">{date.slice(8)}</span>
      <span className="date-block__month">{date.slice(0, 7)}</span>
    </div>
  );
}

interface ItemProps {
  /** Formatted YYYY-MM-DD: shown as a date block in front. */
  date?: string;
  /** In front of the title (a category, 置顶). */
  badge?: ReactNode;
  to: string;
  title: string;
  summary?: ReactNode;
  /** The grey facts line, one span each. */
  meta: readonly ReactNode[];
  /** Below the facts line. */
  children?: ReactNode;
  /** The right-hand column (amount, status, actions). */
  aside?: ReactNode;
}

/** One entry of a public list (notices, policies, projects, appeals). */
export function DocListItem({ date, badge, to, title, summary, meta, children, aside }: ItemProps) {
  return (
    <li className="doc-list__item">
      {date !== undefined && <DateBlock date={date} />}
      <div className="doc-list__body">
        <h2 className="doc-list__title">
          {badge}
          <SmartLink to={to}>{title}</SmartLink>
        </h2>
        {summary}
        <p className="doc-list__meta">
          {meta.map((m, i) => (
            <span key={i}>{m}</span>
          ))}
        </p>
        {children}
      </div>
      {aside !== undefined && <div className="doc-list__aside">{aside}</div>}
    </li>
  );
}

interface ListPage<T> {
  records: readonly T[];
  total: number;
  currentPage: number;
  pageSize: number;
}

/** A list's entries (or why there are none) under the loading veil, then its paging. */
export function PagedDocList<T>({ page, emptyHint, children }: { page: ListPage<T>; emptyHint: string; children: (item: T) => ReactNode }) {
  return (
    <>
      <ListLoading>{page.records.length ? <ul className="doc-list">{page.records.map(children)}</ul> : <EmptyState hint={emptyHint} />}</ListLoading>
      <ListPagination page={page} />
    </>
  );
}

/** Paging below a list, left out when the list is empty. */
export function ListPagination({ page }: { page: { total: number; currentPage: number; pageSize: number } }) {
  return page.total > 0 ? <Pagination total={page.total} currentPage={page.currentPage} pageSize={page.pageSize} /> : null;
}
