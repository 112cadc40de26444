import type { ReactNode } from 'react';

/**
 * antd's Tag as its markup alone, for tags that only label (no close, no click): a Tag renders
 * through its theme hooks on every list row, and a status column paid for it on each one.
 * plain-tag.test.tsx holds the markup to antd's for every colour and variant the portal uses.
 */
export function PlainTag({ color, variant = 'filled', children }: { color?: string; variant?: 'filled' | 'outlined' | 'solid'; children: ReactNode }) {
  return <span className={`ant-tag ant-tag-${variant}${color ? ` ant-tag-${color}` : ''} portal`}>{children}</span>;
}
