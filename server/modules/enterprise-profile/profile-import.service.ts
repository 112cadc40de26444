import { ATTRIBUTE_CODES, attributeFieldLabel, type AttributeCode, type Profile } from '#contract/enterprise-profile.ts';
import {
  PROFILE_IMPORT_COLUMNS,
  PROFILE_IMPORT_MAX_ROWS,
  type ProfileImportErrorsRequest,
  type ProfileImportPreview,
  type ProfileImportResult,
} from '#contract/enterprise-profile-import.ts';
import type { StaffActor } from '#contract/staff.ts';
import { conflict, notFound } from '#server/platform/http/errors.ts';
import { parseId } from '#server/platform/http/paging.ts';
import { beforeReading, headerHelp, importTemplate, readImportFile, refusedRowsWorkbook, sheetKindOf, type SheetLayout, type UploadedSheet } from '#server/platform/sheet-import.ts';
import type { Deps } from '#server/deps.ts';
import { cleanFileName } from '../files/files.service.ts';
import { checkRows, mapHeader, missingOf, toRawRow, type ColumnMap } from './profile-import.check.ts';
import * as repo from './enterprise-profile.repository.ts';

/** A checked row waiting in its batch: [enterpriseId, department, { attr: value }]. */
type StoredRow = [number, string, Partial<Record<AttributeCode, unknown>>];

const LAYOUT: SheetLayout<ColumnMap> = {
  noun: '核实数据表',
  findHeader: mapHeader,
  missing: missingOf,
  help: `${headerHelp(PROFILE_IMPORT_COLUMNS.filter((c) => c.required || c.key === 'enterpriseName'))}，以及要核实的企业画像列（${ATTRIBUTE_CODES.map(attributeFieldLabel).join('、')}，有几列填几列）`,
  maxRows: PROFILE_IMPORT_MAX_ROWS,
};

/** The columns of the template and of the refused rows, after the line number. */
const SHEET_COLUMNS = PROFILE_IMPORT_COLUMNS.map((c) => ({ header: c.label, key: c.key, width: c.key === 'enterpriseName' ? 36 : c.key === 'uscc' ? 22 : 18 }));

/**
 * 一企一档 from departments' data (docs/matching.md "Verified data"), on the machinery of the
 * 免申即享 import: `preview` reads the file as a stream, checks every row against the enterprises
 * on file and says what would change, keeping the values to write in a batch; `commit` writes
 * them as `verified`, with the department, in one transaction and answers the same result however
 * often it is called. The change of profile is what the push job watches: each enterprise whose
 * verified data changed is matched again on its next run (docs/matching.md "The push").
 */
export function createProfileImportService({ config, db }: Deps, { profiles }: { profiles: (ids: number[]) => Promise<Map<number, Profile>> }) {
  return {
    async preview(staff: StaffActor, upload: UploadedSheet): Promise<ProfileImportPreview> {
      const fileName = cleanFileName(upload.filename);
      const kind = await beforeReading(upload, async () => sheetKindOf(fileName, LAYOUT.noun));
      const { rows } = await readImportFile(upload, kind, config.uploadMaxBytes, LAYOUT, toRawRow);
      const enterprises = await repo.enterprisesByUscc(
        db,
        rows.filter((r) => r.uscc.length === 18).map((r) => r.uscc),
      );
      const checked = checkRows(rows, {
        enterprises: new Map(enterprises.map((e) => [e.uscc, { id: e.id, name: e.name }])),
        profiles: await profiles(enterprises.map((e) => e.id)),
      });
      const good = checked.filter((r) => r.changes.length);
      const stored: StoredRow[] = good.map((r) => [r.enterpriseId!, r.department, Object.fromEntries(r.changes.map((c) => [c.attr, r.values[c.attr]]))]);
      const invalid = checked.filter((r) => r.errors.length).length;
      const batchId = await repo.insertImport(db, { fileName, staffId: staff.id, total: rows.length, invalid, rows: JSON.stringify(stored) });
      return {
        batchId,
        fileName,
        total: rows.length,
        valid: good.length,
        values: good.reduce((n, r) => n + r.changes.length, 0),
        invalid,
        unchanged: checked.filter((r) => r.unchanged).length,
        rows: checked.map(({ enterpriseId: _id, values: _values, ...r }) => r),
      };
    },

    async commit(rawBatchId: unknown): Promise<ProfileImportResult> {
      const batch = await repo.findImport(db, parseId(rawBatchId, '导入批次'));
      if (!batch) throw notFound('该导入批次不存在，请重新上传核实数据表');
      const stored = async () => {
        const b = (await repo.findImport(db, batch.id))!;
        return { enterprises: b.enterpriseCount ?? 0, values: b.valueCount ?? 0 };
      };
      if (batch.status === 'committed') return stored();
      const at = new Date().toISOString();
      const result = await db.transaction().execute(async (trx) => {
        // A double click or a second tab: the batch is claimed once, the other call reads its result.
        if (!(await repo.claimImport(trx, batch.id, at))) return null;
        const rows = JSON.parse(batch.rows) as StoredRow[];
        const values = rows.flatMap(([enterpriseId, department, set]) => Object.entries(set).map(([attr, value]) => ({ enterpriseId, attr, value: JSON.stringify(value), department })));
        await repo.saveVerifiedValues(trx, values, at, batch.id);
        const outcome = { enterprises: rows.length, values: values.length };
        await repo.finishImport(trx, batch.id, outcome.enterprises, outcome.values);
        return outcome;
      });
      if (result) return result;
      const again = await repo.findImport(db, batch.id);
      if (again?.status === 'committed' && again.valueCount !== null) return stored();
      throw conflict('该批次正在由其他人导入，请稍后刷新查看结果');
    },

    /** The refused rows as .xlsx: the template's columns with the file's line first and a 问题 column last. */
    errorsWorkbook: ({ rows }: ProfileImportErrorsRequest) => refusedRowsWorkbook(SHEET_COLUMNS, rows.map(({ cells, ...r }) => ({ ...r, ...cells }))),

    /** The template: every column, and one example line. */
    template: () =>
      importTemplate('核实数据', SHEET_COLUMNS, {
        uscc: '91310115MA1K3YJ31F',
        enterpriseName: '上海示例贸易有限公司',
        industry: 'F 批发和零售业',
        scale: '小型',
        foundedOn: '2016-05-18',
        employees: 46,
        revenue: 3200,
        rdRatio: 3.5,
        importExport: 1250,
        qualifications: '高新技术企业、增值税一般纳税人',
        department: '区市场监管局',
      }),
  };
}

export type ProfileImportService = ReturnType<typeof createProfileImportService>;
