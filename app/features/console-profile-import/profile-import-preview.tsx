import { Tag } from 'antd';
import type { ProfileImportPreview, ProfileImportRow } from '#contract/enterprise-profile-import.ts';
import { downloadRefusedRows, RowErrors, SheetPreview, type PreviewFilter } from '#app/features/console/sheet-import.tsx';

/** What a row will do: its problems, nothing (already verified so), or each value it changes from what counts now. */
function outcome(r: ProfileImportRow) {
  if (r.errors.length) return <RowErrors errors={r.errors} />;
  if (r.unchanged) return <Tag>与已核实的数据相同，跳过</Tag>;
  return (
    <ul className="profile-import__changes">
      {r.changes.map((c) => (
        <li key={c.attr}>
          {c.label}：{c.before ?? <span className="profile-import__none">未填写</span>} → <strong>{c.after}</strong>
        </li>
      ))}
    </ul>
  );
}

const FILTERS: PreviewFilter<ProfileImportRow>[] = [
  { key: 'good', label: '将写入', test: (r) => r.changes.length > 0 },
  { key: 'unchanged', label: '无变化', test: (r) => r.unchanged },
];

/** The checked file of a department's data: a summary, the rows by what they do, and the commit. */
export function ProfileImportPreviewTable({ preview, busy, onCommit, onReset }: { preview: ProfileImportPreview; busy: boolean; onCommit: () => void; onReset: () => void }) {
  return (
    <SheetPreview<ProfileImportRow>
      summary={{
        type: preview.invalid ? 'warning' : 'success',
        title: `“${preview.fileName}”共 ${preview.total} 行：${preview.valid} 家企业的 ${preview.values} 项画像将写为部门核实，${preview.invalid} 行有问题不会导入，${preview.unchanged} 行与已核实的数据相同将跳过。`,
        description: preview.invalid
          ? '可以修改文件后重新上传，也可以只导入没有问题的行（有问题的行跳过）。'
          : '数据检查通过，确认后一次写入；核实值优先于企业自报值，并按新的画像重新匹配政策。',
      }}
      rows={preview.rows}
      filters={FILTERS}
      busy={busy}
      canCommit={preview.valid > 0}
      commitLabel={preview.invalid ? `跳过有问题的行，导入 ${preview.valid} 行` : `确认导入 ${preview.valid} 行`}
      onCommit={onCommit}
      onReset={onReset}
      onDownload={() =>
        void downloadRefusedRows(
          '/console/api/enterprise/import/errors',
          preview.fileName,
          '核实数据',
          preview.rows.filter((r) => r.errors.length).map(({ line, uscc, enterpriseName, department, cells, errors }) => ({ line, uscc, enterpriseName, department, cells, errors })),
        )
      }
      columns={[
        { title: '行号', dataIndex: 'line', width: 70 },
        { title: '统一社会信用代码', dataIndex: 'uscc', width: 190 },
        { title: '企业名称', dataIndex: 'enterpriseName', width: 240 },
        { title: '数据来源', dataIndex: 'department', width: 140 },
        { title: '检查结果与变更', render: (_, r) => outcome(r) },
      ]}
    />
  );
}
