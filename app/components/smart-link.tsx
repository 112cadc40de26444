import { createElement, useEffect, useState, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { PrefetchPageLinks, useLocation, useNavigate } from 'react-router';
import { canPrefetch, type ConnectionInfo } from '#app/lib/connection.ts';

type NavigatorWithConnection = Navigator & { connection?: ConnectionInfo & EventTarget };

const connectionOf = () => (navigator as NavigatorWithConnection).connection;

function subscribe(onChange: () => void) {
  const connection = connectionOf();
  connection?.addEventListener?.('change', onChange);
  return () => connection?.removeEventListener?.('change', onChange);
}

/** How long the pointer or focus rests on a link before its page is prefetched (as <Link prefetch="intent">). */
const INTENT_DELAY_MS = 100;

/** Prefetch on intent, except on 2g or data-saver connections (docs/product.md §9); never during SSR. */
function usePrefetchOnIntent() {
  const allowed = useSyncExternalStore(
    subscribe,
    () => canPrefetch(connectionOf()),
    () => false,
  );
  const [intent, setIntent] = useState(false);
  const [prefetch, setPrefetch] = useState(false);
  useEffect(() => {
    if (!intent) return;
    const timer = setTimeout(() => setPrefetch(true), INTENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [intent]);
  if (!allowed) return { prefetch: false, handlers: {} };
  const start = () => setIntent(true);
  const stop = () => {
    setIntent(false);
    setPrefetch(false);
  };
  return { prefetch, handlers: { onMouseEnter: start, onFocus: start, onTouchStart: start, onMouseLeave: stop, onBlur: stop } };
}

/** A plain left click, which the page handles in place; anything else is left to the browser. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export type SmartLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A page of this site, as a path from the root: '/notice/detail?id=3'. */
  to: string;
  /** Replace the current history entry; by default only when `to` is the page already shown. */
  replace?: boolean;
};

/** SmartLink's own props, which are not attributes of the anchor. */
const OWN_KEYS = ['to', 'replace', 'onClick'] as const;
const OWN_PROPS = new Set<string>(OWN_KEYS);

type AnchorProps = Omit<SmartLinkProps, (typeof OWN_KEYS)[number]>;

/**
 * The anchor's attributes among a link's props (its children too), copied key by key: V8 runs
 * object rest (`{ to, ...anchor }`) as a call into its runtime, which was 4% of a home render on
 * the server once the links' hooks were gone (profile, 2026-11-26).
 */
function anchorOf(props: SmartLinkProps): AnchorProps {
  const attributes: Record<string, unknown> = {};
  for (const key in props) if (!OWN_PROPS.has(key)) attributes[key] = props[key as keyof SmartLinkProps];
  return attributes as AnchorProps;
}

/**
 * A link to a page of the portal: a plain anchor that navigates in place on a plain left click,
 * with the page prefetched on intent and the route announced for lazy discovery, as React
 * Router's <Link prefetch="intent"> does. Every target here is already a path from the root, so
 * it skips <Link>'s resolution of `to` against the route tree, which it runs twice per link on
 * every render: with ~45 links, about a tenth of the server's time for the home page.
 */
function BrowserLink(props: SmartLinkProps) {
  const { to, replace, onClick } = props;
  const anchor = anchorOf(props);
  const navigate = useNavigate();
  const location = useLocation();
  const { prefetch, handlers } = usePrefetchOnIntent();
  const link = (
    <a
      {...anchor}
      {...handlers}
      href={to}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, anchor.target)) return;
        event.preventDefault();
        // As <Link>: a link to the page already shown replaces its history entry.
        void navigate(to, { replace: replace ?? location.pathname + location.search + location.hash === to });
      }}
    />
  );
  return prefetch ? (
    <>
      {link}
      <PrefetchPageLinks page={to} />
    </>
  ) : (
    link
  );
}

/**
 * The same anchor as the server writes it: no handlers and no prefetch (neither reaches the
 * HTML, and the browser's hydration attaches them), so none of BrowserLink's six hooks. A home
 * render draws some fifty links, and their hooks were 4% of its CPU (profile, 2026-11-26).
 */
function ServerLink(props: SmartLinkProps) {
  const attributes: Record<string, unknown> = anchorOf(props); // a fresh object: filled in, not copied again
  attributes.href = props.to;
  attributes['data-discover'] = 'true';
  return createElement('a', attributes);
}

/** Chosen when the bundle is built (Vite's `import.meta.env.SSR`): each side calls its hooks always or never. */
export const SmartLink = import.meta.env.SSR ? ServerLink : BrowserLink;
