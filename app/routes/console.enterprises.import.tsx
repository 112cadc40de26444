import { Form } from 'antd';
import type { Route } from './+types/console.enterprises.import';
import { PROFILE_IMPORT_COLUMNS, type ProfileImportPreview, type ProfileImportResult } from '#contract/enterprise-profile-import.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { SheetDrop, SheetImportPage, useSheetImport } from '#app/features/console/sheet-import.tsx';
import importStyles from '#app/features/console-profile-import/profile-import.css?url';
import { ProfileImportPreviewTable } from '#app/features/console-profile-import/profile-import-preview.tsx';
import { pageMeta } from '#app/lib/meta.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: importStyles }];
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '导入核实数据 - 一企一档 - 管理后台');

export function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'free-declare:manage');
  return null;
}

const COLUMNS_HELP = PROFILE_IMPORT_COLUMNS.map((c) => (c.required ? c.label : `${c.label}（可选）`)).join('、');

/**
 * 导入核实数据 (docs/matching.md "Verified data"): upload a department's spreadsheet, read each row's
 * problems and what it would change, then commit once; the values become 部门核实 and win over
 * what the enterprises declared.
 */
export default function ConsoleEnterprisesImport() {
  const steps = useSheetImport<ProfileImportPreview, ProfileImportResult>('enterprise/import/commit', '确认导入核实数据');
  const { preview, result } = steps;

  function check(file: File) {
    const form = new FormData();
    form.append('file', file);
    void steps.check(() => consoleHttp.upload<ProfileImportPreview>('enterprise/import/preview', form));
  }

  function commit() {
    if (!preview) return;
    // Verified values decide matches and lists: the summary names who and which departments.
    const departments = [...new Set(preview.rows.filter((r) => r.changes.length).map((r) => r.department))];
    void steps.commit(
      [
        `为 ${preview.valid} 家企业写入 ${preview.values} 项部门核实数据（数据来源：${departments.join('、')}）。`,
        preview.invalid ? `${preview.invalid} 行有问题，不导入。` : '',
        preview.unchanged ? `${preview.unchanged} 行与已核实的数据相同，跳过。` : '',
        '核实值优先于企业自报值，企业画像页将显示为部门核实，系统随后按新的画像重新匹配政策并推送。',
      ].join(''),
    );
  }

  return (
    <SheetImportPage
      title="导入核实数据"
      templateHref="/console/api/enterprise/import/template"
      onAgain={steps.reset}
      done={
        result
          ? {
              title: `已为 ${result.enterprises} 家企业写入 ${result.values} 项核实数据`,
              subTitle: '这些企业的画像已按部门核实值更新，政策匹配会在约 10 秒内按新的画像重新核对。',
              to: '/console/enterprises',
              toLabel: '查看一企一档',
            }
          : null
      }
    >
      {preview ? (
        <ProfileImportPreviewTable preview={preview} busy={steps.committing} onCommit={commit} onReset={steps.reset} />
      ) : (
        <Form layout="vertical" style={{ maxWidth: 720 }}>
          <Form.Item
            label="核实数据文件"
            required
            extra={`支持 .xlsx 和 .csv（UTF-8 或 GBK）。表头：${COLUMNS_HELP}；画像列有几列填几列，空白的单元格不改变原有数据。上传后先逐行检查并列出将要变更的画像，确认前不会写入。`}
          >
            <SheetDrop busy={steps.checking} idle="点击或拖入部门提供的核实数据文件" checking="正在检查核实数据…" onFile={check} />
          </Form.Item>
        </Form>
      )}
    </SheetImportPage>
  );
}
