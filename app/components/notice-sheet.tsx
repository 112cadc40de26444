import type { ReactNode } from 'react';
import { Attachments, Badge, DetailSheet, MetaList, RichContent } from '#app/components/detail.tsx';
import { display, formatDateTime } from '#contract/format.ts';
import type { Notice } from '#contract/notice.ts';

/** A notice as the public detail page shows it; the console's preview shows the same sheet. */
export function NoticeSheet({ notice, footer }: { notice: Notice; footer?: ReactNode }) {
  return (
    <DetailSheet
      title={notice.title}
      badges={notice.isTop ? <Badge tone="red">置顶</Badge> : undefined}
      meta={
        <MetaList
          items={[
            { label: '发布单位', value: display(notice.source) },
            { label: '发布时间', value: formatDateTime(notice.publishAt) },
            { label: '浏览次数', value: String(notice.viewCount) },
          ]}
        />
      }
    >
      <RichContent html={notice.content} />
      <Attachments files={notice.attachments} />
      {footer}
    </DetailSheet>
  );
}
