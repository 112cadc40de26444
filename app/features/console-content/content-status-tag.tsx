import { Tag } from 'antd';
import { CONTENT_STATUS, type ContentStatus } from '#contract/publishing.ts';

const COLOR: Record<ContentStatus, string> = { draft: 'default', pending_review: 'orange', published: 'green', offline: 'red' };

export function ContentStatusTag({ status, scheduled }: { status: ContentStatus; scheduled?: boolean }) {
  return <Tag color={COLOR[status]}>{scheduled && status === 'published' ? '定时发布' : CONTENT_STATUS[status]}</Tag>;
}
