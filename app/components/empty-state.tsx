import type { ReactNode } from 'react';

/** "Nothing here" for a list or block, with a hint on what to do next. */
export function EmptyState({ title = '暂无相关内容', hint, action }: { title?: string; hint?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <svg width="96" height="72" viewBox="0 0 96 72" aria-hidden="true" focusable="false">
        <ellipse cx="48" cy="64" rx="36" ry="6" fill="#eef3f8" />
        <path d="M20 22l10-14h36l10 14v30a4 4 0 01-4 4H24a4 4 0 01-4-4z" fill="#f5f9fd" stroke="#c9d8e8" strokeWidth="2" />
        <path d="M20 22h18a10 10 0 0020 0h18" fill="none" stroke="#c9d8e8" strokeWidth="2" />
      </svg>
      <p className="empty-state__title">{title}</p>
      {hint && <p className="empty-state__hint">{hint}</p>}
      {action}
    </div>
  );
}
