import { DownloadOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { templateName, templateUrl } from '#contract/files.ts';

interface MaterialLike {
  name: string;
  required: boolean;
  templateType: string | null;
}

/** A required material's name, whether it is required, and its template when it has one. */
export function MaterialLabel({ material }: { material: MaterialLike }) {
  return (
    <span className="material-label">
      <span>{material.name}</span>
      {!material.required && <Tag variant="filled">选填</Tag>}
      {material.templateType && <TemplateLink type={material.templateType} />}
    </span>
  );
}

export function TemplateLink({ type }: { type: string }) {
  const name = templateName(type);
  if (!name) return null;
  return (
    <a className="material-label__template" href={templateUrl(type)} download={name}>
      <DownloadOutlined /> 下载模板（{name}）
    </a>
  );
}
