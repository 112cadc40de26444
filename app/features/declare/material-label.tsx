import { DownloadOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { templateLinkOf } from '#contract/files.ts';

interface MaterialLike {
  name: string;
  required: boolean;
  templateType: string | null;
  template?: { name: string; path: string } | null;
}

/** A required material's name, whether it is required, and its template when it has one. */
export function MaterialLabel({ material }: { material: MaterialLike }) {
  return (
    <span className="material-label">
      <span>{material.name}</span>
      {!material.required && <Tag variant="filled">选填</Tag>}
      <TemplateLink material={material} />
    </span>
  );
}

export function TemplateLink({ material }: { material: MaterialLike }) {
  const link = templateLinkOf(material);
  if (!link) return null;
  return (
    <a className="material-label__template" href={link.href} download={link.name}>
      <DownloadOutlined /> 下载模板（{link.name}）
    </a>
  );
}
