import { useLocation } from 'react-router';
import { listHref, pageCount, pageSlots } from '#app/lib/pagination.ts';
import { SmartLink } from './smart-link.tsx';

interface Props {
  total: number;
  currentPage: number;
  pageSize: number;
}

/** Numbered paging as plain links (works without JavaScript; every page has its own URL). */
export function Pagination({ total, currentPage, pageSize }: Props) {
  const { pathname, search } = useLocation();
  const pages = pageCount(total, pageSize);
  const href = (n: number) => listHref(pathname, search, { currentPage: n });
  const hidden = [...new URLSearchParams(search)].filter(([k]) => k !== 'currentPage');
  return (
    <nav className="pagination" aria-label="分页">
      <span className="pagination__total">
        共 <strong>{total}</strong> 条
      </span>
      <ul className="pagination__pages">
        <li>
          {currentPage > 1 ? (
            <SmartLink to={href(currentPage - 1)} rel="prev" className="pagination__item">
              上一页
            </SmartLink>
          ) : (
            <span className="pagination__item is-disabled">上一页</span>
          )}
        </li>
        {pageSlots(Math.min(currentPage, pages), pages).map((slot, i) =>
          slot === 'gap' ? (
            <li key={`gap${i}`}>
              <span className="pagination__gap" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={slot}>
              {slot === currentPage ? (
                <span className="pagination__item is-current" aria-current="page">
                  {slot}
                </span>
              ) : (
                <SmartLink to={href(slot)} className="pagination__item" aria-label={`第 ${slot} 页`}>
                  {slot}
                </SmartLink>
              )}
            </li>
          ),
        )}
        <li>
          {currentPage < pages ? (
            <SmartLink to={href(currentPage + 1)} rel="next" className="pagination__item">
              下一页
            </SmartLink>
          ) : (
            <span className="pagination__item is-disabled">下一页</span>
          )}
        </li>
      </ul>
      {pages > 1 && (
        <form method="get" action={pathname} className="pagination__jump">
          {hidden.map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <label>
            跳至
            <input key={currentPage} type="number" name="currentPage" min={1} max={pages} defaultValue={currentPage} className="input input--small" />页
          </label>
          <button type="submit" className="btn btn--small">
            确定
          </button>
        </form>
      )}
    </nav>
  );
}
