import { templateLinkOf } from '#contract/files.ts';
import type { Material } from '#contract/declare-project.ts';
import { PlainTable, type PlainColumn } from '#app/components/plain-table.tsx';

const COLUMNS: readonly PlainColumn<Material>[] = [
  { title: '序号', width: 70, align: 'num', cell: (_m, i) => i + 1 },
  { title: '材料名称', cell: (m) => m.name },
  { title: '是否必需', width: 110, align: 'num', cell: (m) => (m.required ? '必需' : '选填') },
  { title: '模板', width: 260, cell: (m) => <TemplateLink material={m} /> },
];

/** A project's required materials, each with its template when there is one. */
export function MaterialsTable({ materials }: { materials: readonly Material[] }) {
  return <PlainTable columns={COLUMNS} rows={materials} rowKey={(m) => m.id} empty="本项目无需上传材料" caption="申报材料" />;
}

function TemplateLink({ material }: { material: Material }) {
  const link = templateLinkOf(material);
  if (!link) return <span className="ent-muted">无</span>;
  return (
    <a className="template-link" href={link.href} download={link.name}>
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M8 2v8M4.5 6.5 8 10l3.5-3.5M2.5 12.5v1h11v-1" fill="none" stroke="currentColor" strokeWidth="1.4" />
      </svg>
      下载模板（{link.name}）
    </a>
  );
}
