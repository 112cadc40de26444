import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { listHref } from '#app/lib/pagination.ts';

export interface FilterOption {
  id: string;
  text: string;
}

export interface Filter {
  name: string;
  label: string;
  /** Shown for "no filter". */
  allText: string;
  options: readonly FilterOption[];
  value: string | undefined;
}

interface Props {
  action: string;
  keyword: string | undefined;
  placeholder: string;
  filters?: readonly Filter[];
  /** Parameters that identify the list itself (e.g. the free-apply tab) and survive a search. */
  hidden?: Record<string, string>;
}

/**
 * Keyword and filters of a list as a GET form: without JavaScript the browser submits it, with
 * JavaScript React Router navigates. Either way the state lives in the URL and the page resets
 * to 1 (currentPage is not part of the form).
 */
export function SearchForm({ action, keyword, placeholder, filters = [], hidden = {} }: Props) {
  const navigate = useNavigate();
  // With JavaScript: the same GET, minus empty fields, so the URL stays short and shareable.
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values: Record<string, string> = {};
    new FormData(e.currentTarget).forEach((v, k) => (values[k] = String(v).trim()));
    navigate(listHref(action, '', values));
  }
  return (
    <form method="get" action={action} className="search-form" role="search" onSubmit={onSubmit}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {filters.map((f) => (
        <label key={f.name} className="search-form__field">
          <span className="search-form__label">{f.label}</span>
          <select
            name={f.name}
            // Keyed by value: back/forward changes the URL without remounting the page.
            key={f.value ?? ''}
            defaultValue={f.value ?? ''}
            className="select"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">{f.allText}</option>
            {f.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.text}
              </option>
            ))}
          </select>
        </label>
      ))}
      <div className="search-form__keyword">
        <input
          key={keyword ?? ''}
          type="search"
          name="keyword"
          defaultValue={keyword ?? ''}
          placeholder={placeholder}
          maxLength={50}
          className="input"
          aria-label="关键词"
        />
        <button type="submit" className="btn btn--primary">
          搜索
        </button>
        {(keyword || filters.some((f) => f.value)) && (
          <Link to={hiddenHref(action, hidden)} className="btn btn--text">
            重置
          </Link>
        )}
      </div>
    </form>
  );
}

function hiddenHref(action: string, hidden: Record<string, string>): string {
  const query = new URLSearchParams(hidden).toString();
  return query ? `${action}?${query}` : action;
}
