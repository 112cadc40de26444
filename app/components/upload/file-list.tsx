import { PaperClipOutlined } from '@ant-design/icons';
import type { FileRef } from '#contract/envelope.ts';
import { downloadUrl } from '#contract/files.ts';

/** Uploaded files as download links (their Chinese names kept by the download call). */
export function FileList({ files }: { files: readonly FileRef[] }) {
  return (
    <ul className="file-list">
      {files.map((f) => (
        <li key={f.path}>
          <PaperClipOutlined />{' '}
          <a href={downloadUrl(f)} download={f.name}>
            {f.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
