import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';

interface Props {
  /** What the box shows when it opens on /search. */
  query?: string;
  /** `hero`: the home page's large box; the header's otherwise. */
  variant?: 'header' | 'hero';
  placeholder?: string;
  /** A class of the page around it (the home page's hero styles its box). */
  className?: string;
}

const SUGGEST_DELAY_MS = 150;
const MAX_QUERY = 100;

/**
 * 站内搜索's box (docs/product.md "站内搜索"): a GET form to /search that works without
 * JavaScript; with it, suggestions appear as one types (titles and what others searched), chosen
 * with the arrow keys and Enter, or the mouse.
 */
export function SiteSearchBox({ query = '', variant = 'header', placeholder = '搜索政策、通知、项目、服务', className = '' }: Props) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState(query);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const latest = useRef(0);

  useEffect(() => setText(query), [query]);

  useEffect(() => {
    const typed = text.trim();
    if (!open || !typed) {
      setSuggestions([]);
      return;
    }
    const ticket = ++latest.current;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/search/suggest?q=${encodeURIComponent(typed)}`, { headers: { accept: 'application/json' } });
        const body = (await res.json()) as { code: number; data: string[] };
        // An answer to an older keystroke is dropped: the list always matches the box.
        if (ticket === latest.current) setSuggestions(body.code === 0 ? body.data : []);
      } catch {
        if (ticket === latest.current) setSuggestions([]);
      }
      setActive(-1);
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, open]);

  function go(q: string) {
    const typed = q.trim();
    setOpen(false);
    if (typed) navigate(`/search?q=${encodeURIComponent(typed)}`);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    go(active >= 0 ? suggestions[active] : text);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (!suggestions.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      // -1 is the box itself: past either end the choice returns to what was typed.
      const last = suggestions.length - 1;
      if (e.key === 'ArrowDown') setActive((i) => (i >= last ? -1 : i + 1));
      else setActive((i) => (i <= -1 ? last : i - 1));
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  }

  const showing = open && suggestions.length > 0;
  return (
    <form method="get" action="/search" role="search" aria-label={variant === 'header' ? '站内搜索' : '搜索本站内容'} className={`site-search site-search--${variant} ${className}`.trim()} onSubmit={onSubmit}>
      <div className="site-search__field">
        <input
          type="search"
          name="q"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          maxLength={MAX_QUERY}
          autoComplete="off"
          className="input site-search__input"
          aria-label="站内搜索"
          role="combobox"
          aria-expanded={showing}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showing && active >= 0 ? `${listId}-${active}` : undefined}
        />
        <ul id={listId} role="listbox" aria-label="搜索建议" className="site-search__suggestions" hidden={!showing}>
          {suggestions.map((s, i) => (
            <li
              key={s}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'site-search__suggestion is-active' : 'site-search__suggestion'}
              onMouseDown={(e) => {
                e.preventDefault();
                go(s);
              }}
            >
              {s}
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="btn btn--primary site-search__button">
        搜索
      </button>
    </form>
  );
}
