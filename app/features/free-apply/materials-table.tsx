import { templateName, templateUrl } from '#contract/files.ts';
import type { Material } from '#contract/declare-project.ts';

/** A project's required materials, each with its template when there is one. */
export function MaterialsTable({ materials }: { materials: readonly Material[] }) {
  return (
    <table className="data-table plain-table">
      <colgroup>
        <col style={{ width: 70 }} />
        <col />
        <col style={{ width: 110 }} />
        <col style={{ width: 260 }} />
      </colgroup>
      <thead>
        <tr>
          <th className="num">序号</th>
          <th>材料名称</th>
          <th className="num">是否必需</th>
          <th>模板</th>
        </tr>
      </thead>
      <tbody>
        {materials.length === 0 && (
          <tr>
            <td colSpan={4} className="empty">
              本项目无需上传材料
            </td>
          </tr>
        )}
        {materials.map((m, i) => (
          <tr key={m.id}>
            <td className="num">{i + 1}</td>
            <td>{m.name}</td>
            <td className="num">{m.required ? '必需' : '选填'}</td>
            <td>{m.templateType ? <TemplateLink type={m.templateType} /> : <span className="ent-muted">无</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TemplateLink({ type }: { type: string }) {
  const name = templateName(type);
  if (!name) return null;
  return (
    <a className="template-link" href={templateUrl(type)} download={name}>
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M8 2v8M4.5 6.5 8 10l3.5-3.5M2.5 12.5v1h11v-1" fill="none" stroke="currentColor" strokeWidth="1.4" />
      </svg>
      下载模板（{name}）
    </a>
  );
}
