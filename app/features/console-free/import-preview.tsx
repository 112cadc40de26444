import { Space, Tag } from 'antd';
import type { ImportPreview, ImportPreviewRow } from '#contract/free-declare-ent.console.ts';
import { downloadRefusedRows, RowErrors, SheetPreview, type PreviewFilter } from '#app/features/console/sheet-import.tsx';

/** What a row will become: its problems (or, from the rules, why it is left out), or what the commit does with it. */
function verdict(r: ImportPreviewRow) {
  if (r.errors.length) return <RowErrors errors={r.errors} />;
  if (r.existing) return <Tag>已在名单，跳过</Tag>;
  return (
    <Space size={4}>
      <Tag color="green">将导入</Tag>
      {r.newEnterprise && <Tag color="blue">新企业，自动建档</Tag>}
    </Space>
  );
}

/**
 * A refused row's cell as the person typed it, when that differs from what the check read: the
 * reason says why, this shows what to fix (marked 原文 in words, not by colour alone).
 */
function Typed({ read, typed }: { read: string; typed: string | undefined }) {
  if (typed === undefined || typed === read) return <>{read || '-'}</>;
  return (
    <span className="console-free__typed" title={typed}>
      <span className="console-muted">原文：</span>
      {typed ? `“${typed}”` : '（空）'}
    </span>
  );
}

const FILTERS: PreviewFilter<ImportPreviewRow>[] = [
  { key: 'good', label: '将导入', test: (r) => !r.errors.length && !r.existing },
  { key: 'existing', label: '已在名单', test: (r) => r.existing },
];

/** The checked list, from a file or from the project's rules: a summary, the rows by what happens to them, and the commit. */
export function ImportPreviewTable({ preview, busy, onCommit, onReset }: { preview: ImportPreview; busy: boolean; onCommit: () => void; onReset: () => void }) {
  const fresh = preview.rows.filter((r) => r.newEnterprise).length;
  const fromRules = preview.origin === 'rules';
  const title = fromRules
    ? `按匹配条件核对部门核实数据：${preview.valid} 家企业将列入“${preview.projectName}”，${preview.invalid} 家缺少核实数据暂不列入，${preview.existing} 家已在名单中将跳过；另有 ${preview.unmatched} 家不符合条件或没有企业画像，不列出。`
    : `“${preview.fileName}”共 ${preview.total} 行：${preview.valid} 行将导入到“${preview.projectName}”${fresh ? `（其中 ${fresh} 家企业尚未注册，将自动建档）` : ''}，${preview.invalid} 行有问题不会导入，${preview.existing} 行已在名单中将跳过。`;
  const description = fromRules
    ? '只按部门核实的企业画像生成；仅有企业自报信息或缺少核实数据的企业不列入，可导入部门核实数据后重新生成。确认后与上传名单一样写入并通知企业。'
    : preview.invalid
      ? '可以修改文件后重新上传，也可以只导入没有问题的行（有问题的行跳过）。'
      : '名单检查通过，确认后一次写入，并通知名单中的企业。';
  return (
    <SheetPreview<ImportPreviewRow>
      summary={{ type: preview.invalid && !fromRules ? 'warning' : 'success', title, description }}
      rows={preview.rows}
      filters={FILTERS}
      busy={busy}
      canCommit={preview.valid > 0}
      commitLabel={preview.invalid ? `跳过${fromRules ? '暂不列入' : '有问题'}的行，导入 ${preview.valid} 行` : `确认导入 ${preview.valid} 行`}
      onCommit={onCommit}
      onReset={onReset}
      resetLabel={fromRules ? '返回' : undefined}
      badLabel={fromRules ? '暂不列入' : undefined}
      onDownload={() =>
        void downloadRefusedRows(
          '/console/api/free-declare/import/errors',
          preview.fileName,
          '名单',
          preview.rows.filter((r) => r.errors.length).map(({ line, uscc, enterpriseName, amount, condition, source, errors, raw }) => ({ line, uscc, enterpriseName, amount, condition, source, errors, raw })),
        )
      }
      columns={[
        { title: fromRules ? '序号' : '行号', dataIndex: 'line', width: 70 },
        { title: '统一社会信用代码', width: 190, render: (_, r) => <Typed read={r.uscc} typed={r.raw?.uscc} /> },
        { title: '企业名称', dataIndex: 'enterpriseName' },
        { title: '金额（万元）', width: 130, render: (_, r) => (r.amount !== null ? r.amount : <Typed read="" typed={r.raw?.amount} />) },
        { title: fromRules ? '数据来源' : '符合条件', ellipsis: true, render: (_, r) => (fromRules ? r.source : r.condition) || '-' },
        { title: '检查结果', width: 320, render: (_, r) => verdict(r) },
      ]}
    />
  );
}
