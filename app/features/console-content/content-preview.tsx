import { Drawer, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { NoticeSheet } from '#app/components/notice-sheet.tsx';
import { PolicySheet } from '#app/components/policy-sheet.tsx';
import type { ContentKind } from '#contract/publishing.ts';
import type { Notice } from '#contract/notice.ts';
import type { Policy } from '#contract/policy.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';

/**
 * 预览: the stored row drawn by the public detail page's own component, with the public styles
 * (the route links detail.css), so staff see exactly what visitors will see.
 */
export function ContentPreview({ kind, id, onClose }: { kind: ContentKind; id: number | null; onClose: () => void }) {
  const [item, setItem] = useState<Notice | Policy | null>(null);
  useEffect(() => {
    setItem(null);
    if (id !== null) void consoleHttp.get<Notice | Policy>(`${kind}/preview`, { id }).then(setItem, () => onClose());
  }, [kind, id, onClose]);
  return (
    <Drawer open={id !== null} onClose={onClose} title="预览（与门户页面一致）" size={960} destroyOnHidden className="content-preview">
      {!item ? <Spin /> : kind === 'notice' ? <NoticeSheet notice={item as Notice} /> : <PolicySheet policy={item as Policy} />}
    </Drawer>
  );
}
