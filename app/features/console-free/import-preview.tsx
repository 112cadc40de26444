import { Alert, Button, Segmented, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import type { ImportPreview, ImportPreviewRow } from '#contract/free-declare-ent.console.ts';
import { notify } from '#app/lib/feedback.ts';

/**
 * The refused rows as .xlsx with a 问题 column (the server writes the workbook from the rows the
 * preview showed; nothing is stored), saved under the file's own name.
 */
async function downloadBadRows(preview: ImportPreview) {
  const rows = preview.rows.filter((r) => r.errors.length).map(({ line, uscc, enterpriseName, amount, condition, source, errors, raw }) => ({ line, uscc, enterpriseName, amount, condition, source, errors, raw }));
  const res = await fetch('/console/api/free-declare/import/errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: preview.fileName, rows }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    return notify('error', body?.msg ?? '下载失败，请稍后重试');
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = `${preview.fileName.replace(/\.(xlsx|csv)$/i, '') || '名单'}-有问题的行.xlsx`;
  link.click();
  // Revoked later: some browsers still read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

type Show = 'all' | 'bad' | 'good' | 'existing';
const SHOW: Record<Show, (r: ImportPreviewRow) => boolean> = {
  all: () => true,
  bad: (r) => r.errors.length > 0,
  good: (r) => !r.errors.length && !r.existing,
  existing: (r) => r.existing,
};

/** What a row will become: its problems, or what the commit does with it. */
function verdict(r: ImportPreviewRow) {
  if (r.errors.length)
    return (
      <ul className="console-free__errors">
        {r.errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    );
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

/** The checked file: a summary, the rows by what happens to them, and the commit. */
export function ImportPreviewTable({ preview, busy, onCommit, onReset }: { preview: ImportPreview; busy: boolean; onCommit: () => void; onReset: () => void }) {
  const [show, setShow] = useState<Show>(preview.invalid ? 'bad' : 'all');
  const rows = useMemo(() => preview.rows.filter(SHOW[show]), [preview, show]);
  const fresh = preview.rows.filter((r) => r.newEnterprise).length;

  return (
    <>
      <Alert
        className="console-free__summary"
        type={preview.invalid ? 'warning' : 'success'}
        showIcon
        title={`“${preview.fileName}”共 ${preview.total} 行：${preview.valid} 行将导入到“${preview.projectName}”${fresh ? `（其中 ${fresh} 家企业尚未注册，将自动建档）` : ''}，${preview.invalid} 行有问题不会导入，${preview.existing} 行已在名单中将跳过。`}
        description={preview.invalid ? '可以修改文件后重新上传，也可以只导入没有问题的行（有问题的行跳过）。' : '名单检查通过，确认后一次写入，并通知名单中的企业。'}
      />
      <div className="console-free__bar">
        <Segmented<Show>
          value={show}
          onChange={setShow}
          options={[
            { value: 'all', label: `全部 ${preview.total}` },
            { value: 'bad', label: `有问题 ${preview.invalid}` },
            { value: 'good', label: `将导入 ${preview.valid}` },
            { value: 'existing', label: `已在名单 ${preview.existing}` },
          ]}
        />
        <span style={{ flex: 1 }} />
        {preview.invalid > 0 && <Button onClick={() => void downloadBadRows(preview)}>下载有问题的行（Excel）</Button>}
        <Button onClick={onReset}>重新选择文件</Button>
        <Button type="primary" loading={busy} disabled={!preview.valid} onClick={onCommit}>
          {preview.invalid ? `跳过有问题的行，导入 ${preview.valid} 行` : `确认导入 ${preview.valid} 行`}
        </Button>
      </div>
      <Table<ImportPreviewRow>
        rowKey="line"
        size="small"
        dataSource={rows}
        rowClassName={(r) => (r.errors.length ? 'console-free__row--bad' : '')}
        pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [50, 100, 200], showTotal: (n) => `共 ${n} 行` }}
        columns={[
          { title: '行号', dataIndex: 'line', width: 70 },
          { title: '统一社会信用代码', width: 190, render: (_, r) => <Typed read={r.uscc} typed={r.raw?.uscc} /> },
          { title: '企业名称', dataIndex: 'enterpriseName' },
          { title: '金额（万元）', width: 130, render: (_, r) => (r.amount !== null ? r.amount : <Typed read="" typed={r.raw?.amount} />) },
          { title: '符合条件', dataIndex: 'condition', ellipsis: true },
          { title: '检查结果', width: 320, render: (_, r) => verdict(r) },
        ]}
      />
    </>
  );
}
