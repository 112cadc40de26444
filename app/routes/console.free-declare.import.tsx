import { InboxOutlined } from '@ant-design/icons';
import { Button, Form, Result, Select, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/console.free-declare.import';
import { FREE_IMPORT_COLUMNS, type ImportPreview, type ImportResult } from '#contract/free-declare-ent.console.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import freeStyles from '#app/features/console-free/console-free.css?url';
import { ImportPreviewTable } from '#app/features/console-free/import-preview.tsx';
import { confirm, notify } from '#app/lib/feedback.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam } from '#app/lib/params.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: freeStyles }];
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '导入免申即享名单 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'free-declare:manage');
  // A list goes only to a published project (a draft is not public yet, a closed one is over).
  const projects = (await args.context.services.freeDeclareEntConsole.projects()).filter((p) => p.status === 'published');
  const wanted = parseIdParam(args.url.searchParams.get('projectId'));
  return { projects: projects.map((p) => ({ value: p.id, label: p.name })), projectId: projects.some((p) => p.id === wanted) ? wanted : null };
}

const COLUMNS_HELP = FREE_IMPORT_COLUMNS.map((c) => (c.required ? c.label : `${c.label}（可选）`)).join('、');

/** 导入名单: choose the project, upload the file, read the checked rows, then commit once. */
export default function ConsoleFreeImport({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  const [projectId, setProjectId] = useState<number | null>(loaderData.projectId);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [committing, setCommitting] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  async function check(file: File) {
    if (!projectId) {
      notify('warning', '请先选择免申即享项目');
      return;
    }
    const form = new FormData();
    // The project first: the server reads the fields that come before the file.
    form.append('projectId', String(projectId));
    form.append('file', file);
    setUploading(true);
    try {
      setPreview(await consoleHttp.upload<ImportPreview>('free-declare/import/preview', form));
    } finally {
      setUploading(false);
    }
  }

  async function commit() {
    if (!preview) return;
    // A summary to confirm before anything is written or anybody told: the import is not undone by a click.
    const going = preview.rows.filter((r) => !r.errors.length && !r.existing);
    const sum = Math.round(going.reduce((s, r) => s + (r.amount ?? 0), 0) * 10_000) / 10_000;
    const fresh = going.filter((r) => r.newEnterprise).length;
    const summary = [
      `向“${preview.projectName}”导入 ${going.length} 家企业，合计 ${sum} 万元${fresh ? `（其中 ${fresh} 家尚未注册，将自动建档）` : ''}。`,
      preview.invalid ? `${preview.invalid} 行有问题，不导入。` : '',
      preview.existing ? `${preview.existing} 行已在名单中，跳过。` : '',
      '导入后名单中的企业将收到站内消息（已注册的同时收到短信），请其确认收款账户。',
    ].join('');
    if (!(await confirm(summary, { title: '确认导入名单', okText: '确认导入', type: 'confirm' }))) return;
    setCommitting(true);
    try {
      setResult(await consoleHttp.post<ImportResult>('free-declare/import/commit', { batchId: preview.batchId }));
    } finally {
      setCommitting(false);
    }
  }

  const reset = () => {
    setPreview(null);
    setResult(null);
  };

  if (result && preview)
    return (
      <ConsolePage title="导入名单">
        <Result
          status="success"
          title={`已导入 ${result.created} 条，跳过 ${result.skipped} 条`}
          subTitle={`“${preview.projectName}”名单中的企业已收到站内消息（已注册的同时收到短信），请等待企业确认收款账户。`}
          extra={[
            <Link key="rows" to={`/console/free-declare/rows?projectId=${preview.projectId}`}>
              <Button type="primary">查看名单</Button>
            </Link>,
            <Button key="again" onClick={reset}>
              继续导入
            </Button>,
          ]}
        />
      </ConsolePage>
    );

  return (
    <ConsolePage
      title="导入名单"
      extra={
        <a href="/console/api/free-declare/import/template" download>
          <Button>下载导入模板</Button>
        </a>
      }
    >
      {preview ? (
        <ImportPreviewTable preview={preview} busy={committing} onCommit={commit} onReset={reset} />
      ) : (
        <Form layout="vertical" style={{ maxWidth: 720 }}>
          <Form.Item label="免申即享项目" required extra={<>只能向已发布的项目导入名单；新项目请先在<Link to="/console/free-project">免申即享项目</Link>中发布。</>}>
            <Select placeholder="请选择项目" value={projectId ?? undefined} onChange={setProjectId} options={projects} aria-label="免申即享项目" />
          </Form.Item>
          <Form.Item label="名单文件" required extra={`支持 .xlsx 和 .csv（UTF-8 或 GBK）。表头：${COLUMNS_HELP}；金额单位为万元。上传后先逐行检查，确认前不会写入名单。`}>
            <Upload.Dragger
              accept=".xlsx,.csv"
              multiple={false}
              showUploadList={false}
              disabled={uploading}
              beforeUpload={(file) => {
                void check(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{uploading ? '正在检查名单…' : '点击或拖入名单文件'}</p>
            </Upload.Dragger>
          </Form.Item>
        </Form>
      )}
    </ConsolePage>
  );
}
