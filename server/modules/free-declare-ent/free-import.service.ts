import type { Readable } from 'node:stream';
import { FREE_IMPORT_COLUMNS, FREE_IMPORT_MAX_ROWS, type ImportPreview, type ImportResult } from '#contract/free-declare-ent.console.ts';
import { officeOf, type StaffActor } from '#contract/staff.ts';
import { AppError, badRequest, conflict, notFound } from '#server/platform/http/errors.ts';
import { ErrorCode } from '#contract/envelope.ts';
import { uploadTooLargeMessage } from '#contract/files.ts';
import { parseId } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import type { MessageService, Notice } from '../message/message.service.ts';
import { cleanFileName } from '../files/files.service.ts';
import { checkRows, mapHeader, missingColumns, toRawRow, type ColumnMap, type RawRow } from './free-import.check.ts';
import { readSheet, SheetError, type SheetKind } from './free-import.parse.ts';
import { freeRowLink } from './free-declare-ent.console.service.ts';
import * as repo from './free-import.repository.ts';
import { loadExcel } from '#server/platform/excel.ts';

/** A checked row waiting in its batch: [uscc, name, amount 元, condition, source]. */
type StoredRow = [string, string, number, string, string];

/** Title lines above the header that are passed over (a sheet's caption, a date line). */
const MAX_LINES_BEFORE_HEADER = 5;
const HEADER_HELP = `表头须包含：${FREE_IMPORT_COLUMNS.filter((c) => c.required)
  .map((c) => c.label)
  .join('、')}（可选：${FREE_IMPORT_COLUMNS.filter((c) => !c.required)
  .map((c) => c.label)
  .join('、')}）`;

function kindOf(fileName: string): SheetKind {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'csv') return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'xls' || ext === 'et') throw badRequest('不支持旧版 Excel（.xls）文件，请在 Excel 中另存为 .xlsx 或 .csv 后上传', { file: '请上传 .xlsx 或 .csv 文件' });
  throw badRequest('请上传 .xlsx 或 .csv 格式的名单文件', { file: '请上传 .xlsx 或 .csv 文件' });
}

/** Reads the header and the data lines; every problem with the file as a whole is a 400 with a sentence. */
async function readList(input: Readable & { truncated?: boolean }, kind: SheetKind, maxBytes: number): Promise<{ map: ColumnMap; rows: RawRow[] }> {
  let map: ColumnMap | null = null;
  let seen = 0;
  const rows: RawRow[] = [];
  try {
    for await (const { line, cells } of readSheet(input, kind)) {
      if (!map) {
        seen += 1;
        map = mapHeader(cells);
        if (map) {
          const missing = missingColumns(map);
          if (missing.length) throw badRequest(`名单缺少“${missing.join('”“')}”列。${HEADER_HELP}`);
        } else if (seen >= MAX_LINES_BEFORE_HEADER) break;
        continue;
      }
      if (rows.length >= FREE_IMPORT_MAX_ROWS) throw badRequest(`一次最多导入 ${FREE_IMPORT_MAX_ROWS} 行，请拆分文件后分批导入`);
      rows.push(toRawRow(map, line, cells));
    }
  } catch (err) {
    if (err instanceof SheetError) throw badRequest(err.message, { file: err.message });
    throw err;
  } finally {
    input.resume();
  }
  if (input.truncated) throw new AppError(ErrorCode.tooLarge, uploadTooLargeMessage(maxBytes));
  if (!map) throw badRequest(`文件前 ${MAX_LINES_BEFORE_HEADER} 行中没有找到表头。${HEADER_HELP}`);
  if (!rows.length) throw badRequest('名单中没有数据行，请检查文件');
  return { map, rows };
}

/**
 * 免申即享 lists from a spreadsheet (docs/console.md "免申即享"): `preview` reads the file as a stream,
 * checks every row and keeps the good ones in a batch without touching the list; `commit` writes
 * the batch in one transaction (new enterprises first, then the rows, their timeline and the
 * messages), and answers the same result however often it is called.
 */
/** A list goes only to a published project: a draft is not public yet, a closed one is over. */
function refuseUnlessPublished(status: string) {
  if (status === 'draft') throw conflict('该项目还是草稿，请先在「免申即享项目」中发布，再导入名单');
  if (status === 'closed') throw conflict('该项目已结束，不能再导入名单');
}

export function createFreeImportService({ config, db }: Deps, { message }: { message: MessageService }) {
  return {
    async preview(staff: StaffActor, rawProjectId: unknown, part: { filename: string; file: Readable & { truncated?: boolean } }): Promise<ImportPreview> {
      const fileName = cleanFileName(part.filename);
      let kind: SheetKind;
      let project: Awaited<ReturnType<typeof repo.findProject>>;
      try {
        kind = kindOf(fileName);
        if (rawProjectId === undefined || rawProjectId === null || rawProjectId === '') throw badRequest('请选择免申即享项目', { projectId: '请选择免申即享项目' });
        project = await repo.findProject(db, parseId(rawProjectId, '免申即享项目'));
        if (!project) throw badRequest('该免申即享项目不存在，请重新选择', { projectId: '该免申即享项目不存在，请重新选择' });
        refuseUnlessPublished(project.status);
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const { map, rows } = await readList(part.file, kind, config.uploadMaxBytes);

      const valid = rows.filter((r) => r.uscc.length === 18);
      const enterprises = await repo.enterprisesByUscc(
        db,
        valid.map((r) => r.uscc),
      );
      const byUscc = new Map(enterprises.map((e) => [e.uscc, { id: e.id, name: e.name }]));
      const listed = await repo.listedOn(
        db,
        project.id,
        enterprises.map((e) => e.id),
      );
      const checked = checkRows(rows, { project, amountInYuan: map.amountInYuan, enterprises: byUscc, listed });

      const good: StoredRow[] = checked.filter((r) => !r.errors.length && !r.existing).map((r) => [r.uscc, r.enterpriseName, r.yuan!, r.condition, r.source]);
      const invalid = checked.filter((r) => r.errors.length).length;
      const batchId = await repo.insertImport(db, {
        freeProjectId: project.id,
        fileName,
        staffId: staff.id,
        total: rows.length,
        invalid,
        rows: JSON.stringify(good),
        createdAt: new Date().toISOString(),
      });
      return {
        batchId,
        projectId: project.id,
        projectName: project.name,
        fileName,
        total: rows.length,
        valid: good.length,
        invalid,
        existing: checked.filter((r) => r.existing).length,
        rows: checked.map(({ yuan: _yuan, ...r }) => r),
      };
    },

    async commit(staff: StaffActor, rawBatchId: unknown): Promise<ImportResult> {
      const batch = await repo.findImport(db, parseId(rawBatchId, '导入批次'));
      if (!batch) throw notFound('该导入批次不存在，请重新上传名单');
      const stored = () => repo.findImport(db, batch.id).then((b) => ({ created: b!.created ?? 0, skipped: b!.skipped ?? 0 }));
      if (batch.status === 'committed') return stored();
      const project = (await repo.findProject(db, batch.freeProjectId))!;
      refuseUnlessPublished(project.status);

      const at = new Date().toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        // A double click or a second tab: the batch is claimed once, the other call reads its result.
        if (!(await repo.claimImport(trx, batch.id, at))) return null;
        const rows = JSON.parse(batch.rows) as StoredRow[];
        // Checked at preview; checked again here, since enterprises may have registered meanwhile.
        const known = new Map(
          (
            await repo.enterprisesByUscc(
              trx,
              rows.map((r) => r[0]),
            )
          ).map((e) => [e.uscc, e]),
        );
        await repo.insertEnterprises(
          trx,
          rows.filter((r) => !known.has(r[0])).map(([uscc, name]) => ({ uscc, name })),
          at,
        );
        const ids = new Map(
          (
            await repo.enterprisesByUscc(
              trx,
              rows.map((r) => r[0]),
            )
          ).map((e) => [e.uscc, e]),
        );
        const writable = rows.filter(([uscc, name]) => ids.get(uscc)?.name === name);
        const created = await repo.insertRows(
          trx,
          project.id,
          batch.id,
          writable.map(([uscc, , amount, condition, source]) => ({
            enterpriseId: ids.get(uscc)!.id,
            amount,
            reasons: JSON.stringify(condition || source ? [{ condition: condition || project.name, source: source || '主管部门数据' }] : []),
          })),
          at,
        );
        await repo.insertTimeline(
          trx,
          created.map((r) => ({
            freeDeclareEntId: r.id,
            action: 'listed',
            actor: officeOf(staff),
            note: `列入“${project.name}”免申即享名单，请核对信息并确认收款账户`,
            staffName: staff.name,
            at,
          })),
        );
        const phones = await repo.enterprisePhones(
          trx,
          created.map((r) => r.enterpriseId),
        );
        const notices: Notice[] = created.map((r) => ({
          enterpriseId: r.enterpriseId,
          title: `您已列入“${project.name}”免申即享名单`.slice(0, 100),
          content: `经核查，贵企业符合“${project.name}”的兑付条件，无需申报。请核对信息、填写收款账户后确认。`,
          link: freeRowLink(r.id),
          sms: { phone: phones.get(r.enterpriseId) ?? null, template: 'free_declare_listed', subject: project.name },
        }));
        const smsIds = await message.recordMany(trx, notices);
        const result = { created: created.length, skipped: batch.total - created.length };
        await repo.finishImport(trx, batch.id, result.created, result.skipped);
        return { result, smsIds };
      });
      if (!outcome) {
        const again = await repo.findImport(db, batch.id);
        if (again?.status === 'committed' && again.created !== null) return stored();
        throw conflict('该批次正在由其他人导入，请稍后刷新查看结果');
      }
      message.deliver(outcome.smsIds);
      return outcome.result;
    },

    /** The import template: the header row and one example line, as .xlsx. */
    async template(): Promise<Buffer> {
      const { default: ExcelJS } = await loadExcel();
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('名单');
      sheet.columns = FREE_IMPORT_COLUMNS.map((c) => ({ header: c.label, key: c.key, width: c.key === 'enterpriseName' || c.key === 'condition' ? 36 : 22 }));
      sheet.addRow({ uscc: '91310115MA1K3YJ31F', enterpriseName: '上海示例贸易有限公司', amount: 2.5, condition: '上年度进出口额 1000 万美元以上', source: '海关统计数据' });
      sheet.getColumn('uscc').numFmt = '@';
      sheet.getRow(1).font = { bold: true };
      return Buffer.from(await book.xlsx.writeBuffer());
    },
  };
}

export type FreeImportService = ReturnType<typeof createFreeImportService>;
