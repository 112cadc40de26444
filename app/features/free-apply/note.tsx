import type { ReactNode } from 'react';

/** A plain note on a public detail (what antd's Alert showed there), with an optional action on the right. */
export function Note({ tone = 'info', title, description, action }: { tone?: 'info' | 'warning'; title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className={`notice-banner notice-banner--${tone}`} role="note">
      <div className="notice-banner__text">
        {title}
        {description && <p>{description}</p>}
      </div>
      {action && <div className="notice-banner__action">{action}</div>}
    </div>
  );
}
