import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';

/** The page's own name, without the platform's that every title ends with (pageMeta). */
function pageName(title: string): string {
  const cut = title.lastIndexOf(' - ');
  return cut > 0 ? title.slice(0, cut) : title;
}

/**
 * 纠错 under every public detail page: opens /correction with this page's address and, once the
 * browser knows it, its title (the server-rendered link carries the address alone, so that the
 * cached page is the same for everyone).
 */
export function CorrectionLink() {
  const { pathname, search } = useLocation();
  const page = pathname + search;
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => setTitle(pageName(document.title)), [page]);
  const query = new URLSearchParams({ page });
  if (title) query.set('title', title);
  return (
    <p className="correction-link">
      <span>发现本页内容有误？</span>
      <Link to={`/correction?${query}`} rel="nofollow">
        纠错
      </Link>
    </p>
  );
}
