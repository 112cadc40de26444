import { useState } from 'react';
import type { HttpError } from '#app/lib/http.ts';

/**
 * A signed-in user's star on an address-book entry (POST /api/book/gov/star). The star flips at
 * once and flips back, with a tooltip saying why, when the server refuses. Through the portal's
 * HTTP client, so an expired access token is refreshed and the call retried; the client (axios,
 * ~22 KB gzip) is loaded on the first click, not with the public page (docs/decisions.md).
 */
export function StarToggle({ entryId, name, starred: initial }: { entryId: number; name: string; starred: boolean }) {
  const [starred, setStarred] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (busy) return;
    const next = !starred;
    setStarred(next);
    setError(null);
    setBusy(true);
    // Silent: a refusal is said on the star itself (its tooltip and a live region), not in a toast.
    const refusal = await import('#app/lib/http.ts').then(
      ({ http }) =>
        http.post('/api/book/gov/star', { entryId, starred: next }, { silent: true }).then(
          () => null,
          (e: HttpError) => e.message,
        ),
      () => '网络连接失败，请检查网络后重试', // the client itself did not load
    );
    if (refusal) {
      setStarred(!next);
      setError(refusal);
    }
    setBusy(false);
  }

  const label = starred ? `取消收藏 ${name}` : `收藏 ${name}`;
  return (
    <button
      type="button"
      className={starred ? 'star-toggle is-on' : 'star-toggle'}
      aria-pressed={starred}
      aria-label={label}
      title={error ?? (starred ? '已收藏，点击取消' : '收藏到我的通讯录')}
      // Not `disabled`: a disabled button loses the keyboard focus, and the user would have to find
      // their place again after every star.
      aria-disabled={busy}
      onClick={toggle}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
          fill={starred ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      {error && (
        <span role="alert" className="visually-hidden">
          {error}
        </span>
      )}
    </button>
  );
}
