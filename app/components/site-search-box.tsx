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
 * 站内搜索's box (docs/search.md "The pages"): a GET form to /search that works without
 * JavaScript; with it, suggestions appear as one types (titles and what others searched), chosen
 * with the arrow keys and Enter, or the mouse. In the header on a narrow screen the box is folded
 * behind a 搜索 button (docs/search.md "The pages").
 */
export function SiteSearchBox({ query = '', variant = 'header', placeholder = '搜索政策、通知、项目、服务', className = '' }: Props) {
  const navigate = useNavigate();
  const listId = useId();
  const boxId = useId();
  const [text, setText] = useState(query);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  // The header's folded box on a narrow screen: unfolded by its button, folded again by Escape or a search.
  const [unfolded, setUnfolded] = useState(false);
  const hydrated = useHydrated();
  const latest = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

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
    if (!typed) return;
    setUnfolded(false);
    navigate(`/search?q=${encodeURIComponent(typed)}`);
  }

  function unfold(next: boolean) {
    setUnfolded(next);
    // Opened: straight into the box. Closed: back to the button, so the keyboard is where it was.
    if (next) requestAnimationFrame(() => inputRef.current?.focus());
    else toggleRef.current?.focus();
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    go(active >= 0 ? suggestions[active] : text);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Escape' && (!open || !suggestions.length) && unfolded) {
      unfold(false);
      return;
    }
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
  const form = (
    <form
      id={boxId}
      method="get"
      action="/search"
      role="search"
      aria-label={variant === 'header' ? '站内搜索' : '搜索本站内容'}
      className={`site-search site-search--${variant} ${unfolded ? 'is-unfolded' : ''} ${className}`.replace(/\s+/g, ' ').trim()}
      onSubmit={onSubmit}
    >
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
          ref={inputRef}
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
  if (variant !== 'header') return form;
  // Shown below 900 px only. Before the page's script runs (or without it) a link to /search,
  // whose page has the box; then a button that unfolds the header's own box.
  const icon = (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
  return (
    <>
      {hydrated ? (
        <button type="button" ref={toggleRef} className="site-search-toggle" aria-expanded={unfolded} aria-controls={boxId} onClick={() => unfold(!unfolded)}>
          {icon}
          <span className="visually-hidden">站内搜索</span>
        </button>
      ) : (
        <a href="/search" className="site-search-toggle">
          {icon}
          <span className="visually-hidden">站内搜索</span>
        </a>
      )}
      {form}
    </>
  );
}

/** False in the server's render and the first one in the browser (they must match), true after. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
