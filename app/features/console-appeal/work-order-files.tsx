import { PaperClipOutlined } from '@ant-design/icons';
import { workOrderFileUrl } from '#contract/appeal.console.ts';
import type { FileRef } from '#contract/envelope.ts';

/** A work order's files as download links through the console (the enterprise's own uploads are private). */
export function WorkOrderFiles({ id, files }: { id: number; files: readonly FileRef[] }) {
  if (!files.length) return <span className="console-muted">无</span>;
  return (
    <ul className="work-order__files">
      {files.map((f) => (
        <li key={f.path}>
          <PaperClipOutlined />{' '}
          <a href={workOrderFileUrl(id, f)} download={f.name}>
            {f.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
