import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Segmented, Table, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { confirm, notify } from '#app/lib/feedback.ts';
import { consoleHttp } from './console-http.ts';
import { ConsolePage } from './console-page.tsx';

/**
 * What the console's spreadsheet imports share on the page (免申即享 lists, departments' data for
 * 一企一档): the file drop, the checked rows by what happens to them, the refused rows as .xlsx,
 * and the commit button. Each import brings its summary, its columns and its confirmation.
 */

/** The file drop: nothing is sent until a file is chosen, and the file is checked, not written. */
export function SheetDrop({ busy, idle, checking, onFile }: { busy: boolean; idle: string; checking: string; onFile: (file: File) => void }) {
  return (
    <Upload.Dragger
      accept=".xlsx,.csv"
      multiple={false}
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{busy ? checking : idle}</p>
    </Upload.Dragger>
  );
}

/**
 * The refused rows as .xlsx with a 问题 column (the server writes the workbook from the rows the
 * preview showed; nothing is stored), saved under the file's own name.
 */
export async function downloadRefusedRows(url: string, fileName: string, stem: string, rows: object[]) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fileName, rows }) });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    return notify('error', body?.msg ?? '下载失败，请稍后重试');
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = `${fileName.replace(/\.(xlsx|csv)$/i, '') || stem}-有问题的行.xlsx`;
  link.click();
  // Revoked later: some browsers still read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** The problems of a row, in red. */
export const RowErrors = ({ errors }: { errors: readonly string[] }) => (
  <ul className="sheet-import__errors">
    {errors.map((e) => (
      <li key={e}>{e}</li>
    ))}
  </ul>
);

export interface PreviewFilter<R> {
  key: string;
  label: string;
  test: (row: R) => boolean;
}

/**
 * A checked file: its summary, the rows by what happens to them (the problems first when there
 * are any), the refused rows to download, and the commit.
 */
export function SheetPreview<R extends { line: number; errors: readonly string[] }>(props: {
  summary: { type: 'success' | 'warning'; title: string; description: ReactNode };
  rows: readonly R[];
  filters: PreviewFilter<R>[];
  columns: ColumnsType<R>;
  commitLabel: string;
  canCommit: boolean;
  busy: boolean;
  onCommit: () => void;
  onReset: () => void;
  resetLabel?: string;
  /** What the rows with problems are called in the filter: 有问题, or 暂不列入 for a list from rules. */
  badLabel?: string;
  onDownload?: () => void;
}) {
  const invalid = props.rows.filter((r) => r.errors.length).length;
  const [show, setShow] = useState(invalid ? 'bad' : 'all');
  const filters = useMemo<PreviewFilter<R>[]>(() => [{ key: 'all', label: '全部', test: () => true }, { key: 'bad', label: props.badLabel ?? '有问题', test: (r) => r.errors.length > 0 }, ...props.filters], [props.filters, props.badLabel]);
  const rows = useMemo(() => props.rows.filter(filters.find((f) => f.key === show)!.test), [props.rows, filters, show]);
  return (
    <>
      <Alert className="sheet-import__summary" type={props.summary.type} showIcon title={props.summary.title} description={props.summary.description} />
      <div className="sheet-import__bar">
        <Segmented value={show} onChange={(v) => setShow(String(v))} options={filters.map((f) => ({ value: f.key, label: `${f.label} ${props.rows.filter(f.test).length}` }))} />
        <span style={{ flex: 1 }} />
        {invalid > 0 && props.onDownload && <Button onClick={props.onDownload}>下载有问题的行（Excel）</Button>}
        <Button onClick={props.onReset}>{props.resetLabel ?? '重新选择文件'}</Button>
        <Button type="primary" loading={props.busy} disabled={!props.canCommit} onClick={props.onCommit}>
          {props.commitLabel}
        </Button>
      </div>
      <Table<R>
        rowKey="line"
        size="small"
        dataSource={rows as R[]}
        rowClassName={(r) => (r.errors.length ? 'sheet-import__row--bad' : '')}
        pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [50, 100, 200], showTotal: (n) => `共 ${n} 行` }}
        columns={props.columns}
      />
    </>
  );
}

/**
 * An import's page: its template to download, then the form or the preview (children), and once
 * committed the result with the way on (`done`) or back to another file.
 */
export function SheetImportPage(props: {
  title: string;
  templateHref: string;
  done: { title: string; subTitle: string; to: string; toLabel: string } | null;
  onAgain: () => void;
  children: ReactNode;
}) {
  const { done } = props;
  if (done)
    return (
      <ConsolePage title={props.title}>
        <Result
          status="success"
          title={done.title}
          subTitle={done.subTitle}
          extra={[
            <Link key="on" to={done.to}>
              <Button type="primary">{done.toLabel}</Button>
            </Link>,
            <Button key="again" onClick={props.onAgain}>
              继续导入
            </Button>,
          ]}
        />
      </ConsolePage>
    );
  return (
    <ConsolePage
      title={props.title}
      extra={
        <a href={props.templateHref} download>
          <Button>下载导入模板</Button>
        </a>
      }
    >
      {props.children}
    </ConsolePage>
  );
}

/**
 * The steps of an import on its page: check (a file or a generated list) → preview → a summary to
 * confirm before anything is written (an import is not undone by a click) → result, or back.
 */
export function useSheetImport<P extends { batchId: number }, R>(commitUrl: string, confirmTitle: string) {
  const [checking, setChecking] = useState(false);
  const [preview, setPreview] = useState<P | null>(null);
  const [committing, setCommitting] = useState(false);
  const [result, setResult] = useState<R | null>(null);
  return {
    checking,
    preview,
    committing,
    result,
    async check(load: () => Promise<P>) {
      setChecking(true);
      try {
        setPreview(await load());
      } finally {
        setChecking(false);
      }
    },
    async commit(summary: string) {
      if (!preview || !(await confirm(summary, { title: confirmTitle, okText: '确认导入', type: 'confirm' }))) return;
      setCommitting(true);
      try {
        setResult(await consoleHttp.post<R>(commitUrl, { batchId: preview.batchId }));
      } finally {
        setCommitting(false);
      }
    },
    reset() {
      setPreview(null);
      setResult(null);
    },
  };
}
