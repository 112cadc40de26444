import { Button, Form, InputNumber, Segmented, Select } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/console.free-declare.import';
import { FREE_IMPORT_COLUMNS, type ImportPreview, type ImportResult } from '#contract/free-declare-ent.console.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import freeStyles from '#app/features/console-free/console-free.css?url';
import { ImportPreviewTable } from '#app/features/console-free/import-preview.tsx';
import { SheetDrop, SheetImportPage, useSheetImport } from '#app/features/console/sheet-import.tsx';
import { notify } from '#app/lib/feedback.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { parseIdParam } from '#app/lib/params.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: freeStyles }];
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '导入免申即享名单 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'free-declare:manage');
  // A list goes only to a published project (a draft is not public yet, a closed one is over).
  const { services } = args.context;
  const [all, open] = await Promise.all([services.freeDeclareEntConsole.projects(), services.match.openProjects()]);
  const projects = all.filter((p) => p.status === 'published');
  const ruled = new Set(open.filter((p) => p.kind === 'free-project').map((p) => p.id));
  const wanted = parseIdParam(args.url.searchParams.get('projectId'));
  return {
    projects: projects.map((p) => ({ value: p.id, label: p.name, ruled: ruled.has(p.id), amountMin: p.amountMin, amountMax: p.amountMax })),
    projectId: projects.some((p) => p.id === wanted) ? wanted : null,
  };
}

/** A project's fixed amount in 万元 (min = max), as the amount a generated list starts from. */
const fixedAmount = (p: { amountMin: number | null; amountMax: number | null } | undefined) => (p && p.amountMin !== null && p.amountMin === p.amountMax ? p.amountMin : null);

const COLUMNS_HELP = FREE_IMPORT_COLUMNS.map((c) => (c.required ? c.label : `${c.label}（可选）`)).join('、');

/**
 * 导入名单: choose the project, then upload a file or generate the list from the project's rules on
 * verified attributes (docs/matching.md "免申即享 from the rules"); read the checked rows, then
 * commit once. Both ways end in the same preview and the same commit.
 */
export default function ConsoleFreeImport({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  const [projectId, setProjectId] = useState<number | null>(loaderData.projectId);
  const steps = useSheetImport<ImportPreview, ImportResult>('free-declare/import/commit', '确认导入名单');
  const { preview, result } = steps;
  const [way, setWay] = useState<'file' | 'rules'>('file');
  const chosen = projects.find((p) => p.value === projectId);
  const [amount, setAmount] = useState<number | null>(fixedAmount(chosen));

  function choose(id: number) {
    setProjectId(id);
    setAmount(fixedAmount(projects.find((p) => p.value === id)));
  }

  function generate() {
    if (!projectId) return notify('warning', '请先选择免申即享项目');
    if (!amount) return notify('warning', '请填写每家企业的兑付金额（万元）');
    void steps.check(() => consoleHttp.post<ImportPreview>('free-declare/import/generate', { projectId, amount }));
  }

  function check(file: File) {
    if (!projectId) return notify('warning', '请先选择免申即享项目');
    const form = new FormData();
    // The project first: the server reads the fields that come before the file.
    form.append('projectId', String(projectId));
    form.append('file', file);
    void steps.check(() => consoleHttp.upload<ImportPreview>('free-declare/import/preview', form));
  }

  function commit() {
    if (!preview) return;
    const going = preview.rows.filter((r) => !r.errors.length && !r.existing);
    const sum = Math.round(going.reduce((s, r) => s + (r.amount ?? 0), 0) * 10_000) / 10_000;
    const fresh = going.filter((r) => r.newEnterprise).length;
    void steps.commit(
      [
        preview.origin === 'rules' ? '按匹配条件和部门核实数据生成：' : '',
        `向“${preview.projectName}”导入 ${going.length} 家企业，合计 ${sum} 万元${fresh ? `（其中 ${fresh} 家尚未注册，将自动建档）` : ''}。`,
        preview.invalid ? `${preview.invalid} ${preview.origin === 'rules' ? '家缺少核实数据，暂不列入' : '行有问题，不导入'}。` : '',
        preview.existing ? `${preview.existing} 行已在名单中，跳过。` : '',
        '导入后名单中的企业将收到站内消息（已注册的同时收到短信），请其确认收款账户。',
      ].join(''),
    );
  }

  return (
    <SheetImportPage
      title="导入名单"
      templateHref="/console/api/free-declare/import/template"
      onAgain={steps.reset}
      done={
        result && preview
          ? {
              title: `已导入 ${result.created} 条，跳过 ${result.skipped} 条`,
              subTitle: `“${preview.projectName}”名单中的企业已收到站内消息（已注册的同时收到短信），请等待企业确认收款账户。`,
              to: `/console/free-declare/rows?projectId=${preview.projectId}`,
              toLabel: '查看名单',
            }
          : null
      }
    >
      {preview ? (
        <ImportPreviewTable preview={preview} busy={steps.committing} onCommit={commit} onReset={steps.reset} />
      ) : (
        <Form layout="vertical" style={{ maxWidth: 720 }}>
          <Form.Item label="免申即享项目" required extra={<>只能向已发布的项目导入名单；新项目请先在<Link to="/console/free-project">免申即享项目</Link>中发布。</>}>
            <Select placeholder="请选择项目" value={projectId ?? undefined} onChange={choose} options={projects} aria-label="免申即享项目" />
          </Form.Item>
          <Form.Item label="名单来源">
            <Segmented<'file' | 'rules'>
              value={way}
              onChange={setWay}
              options={[
                { value: 'file', label: '上传名单文件' },
                { value: 'rules', label: '按匹配条件生成' },
              ]}
            />
          </Form.Item>
          {way === 'file' ? (
            <Form.Item label="名单文件" required extra={`支持 .xlsx 和 .csv（UTF-8 或 GBK）。表头：${COLUMNS_HELP}；金额单位为万元。上传后先逐行检查，确认前不会写入名单。`}>
              <SheetDrop busy={steps.checking} idle="点击或拖入名单文件" checking="正在检查名单…" onFile={check} />
            </Form.Item>
          ) : chosen && !chosen.ruled ? (
            <Form.Item>
              <span>
                该项目还没有设置匹配条件。请先在<Link to="/console/free-project">免申即享项目</Link>中设置匹配条件，或上传名单文件。
              </span>
            </Form.Item>
          ) : (
            <>
              <Form.Item label="每家企业的兑付金额（万元）" required extra="按项目的匹配条件，只核对部门核实过的企业画像（一企一档），生成名单预览；企业自报的信息不作为列入依据。确认前不会写入名单。">
                <InputNumber min={0} value={amount} onChange={setAmount} style={{ width: 200 }} aria-label="每家企业的兑付金额（万元）" />
              </Form.Item>
              <Button type="primary" loading={steps.checking} onClick={generate}>
                生成名单预览
              </Button>
            </>
          )}
        </Form>
      )}
    </SheetImportPage>
  );
}
