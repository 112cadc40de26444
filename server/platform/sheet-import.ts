import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Column } from 'exceljs';
import { ErrorCode } from '#contract/envelope.ts';
import { uploadTooLargeMessage } from '#contract/files.ts';
import { usccCheckChar } from '#contract/validators.ts';
import { addTextRow, exportSheet } from './excel.ts';
import { AppError, badRequest } from './http/errors.ts';
import { readSheet, SheetError, type SheetKind } from './sheet-reader.ts';

/**
 * What every spreadsheet import of the console shares (docs/console.md "免申即享", docs/matching.md
 * "Verified data"): the upload part, the file kind, the header found among the first lines, the
 * data lines read as a stream within the upload and row limits, the USCC check, the refused rows
 * as .xlsx with a 问题 column, and the template. Each import brings its own columns and row checks.
 */

/** One column of an import file, in the template's order; `aliases` are other headers departments use. */
export interface ImportColumn<K extends string = string> {
  key: K;
  label: string;
  required: boolean;
  aliases: readonly string[];
}

/** Headers are compared without spaces, case or the difference between full-width and ASCII brackets. */
export const normHeader = (s: string) => s.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').toLowerCase();

/** Where each known column is in a header line (first match wins). */
export function columnIndex<K extends string>(columns: readonly ImportColumn<K>[], cells: readonly string[]): Partial<Record<K, number>> {
  const index: Partial<Record<K, number>> = {};
  cells.forEach((cell, i) => {
    const h = normHeader(cell);
    if (!h) return;
    for (const col of columns) if (index[col.key] === undefined && [col.label, ...col.aliases].some((a) => normHeader(a) === h)) index[col.key] = i;
  });
  return index;
}

/** The required columns a header lacks, by their template names. */
export const missingColumns = <K extends string>(columns: readonly ImportColumn<K>[], index: Partial<Record<K, number>>) =>
  columns.filter((c) => c.required && index[c.key] === undefined).map((c) => c.label);

/** 表头须包含：A、B（可选：C、D） */
export const headerHelp = (columns: readonly ImportColumn[]) => {
  const optional = columns.filter((c) => !c.required).map((c) => c.label);
  return `表头须包含：${columns
    .filter((c) => c.required)
    .map((c) => c.label)
    .join('、')}${optional.length ? `（可选：${optional.join('、')}）` : ''}`;
};

/** One cell of a data line by its column, trimmed ('' when the column is absent). */
export const cellOf = <K extends string>(index: Partial<Record<K, number>>, cells: readonly string[], key: K) => {
  const i = index[key];
  return i === undefined ? '' : (cells[i] ?? '').trim();
};

/** The file's kind from its name; anything but .xlsx and .csv is a 400 that says what to do. */
export function sheetKindOf(fileName: string, noun: string): SheetKind {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'csv') return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'xls' || ext === 'et') throw badRequest('不支持旧版 Excel（.xls）文件，请在 Excel 中另存为 .xlsx 或 .csv 后上传', { file: '请上传 .xlsx 或 .csv 文件' });
  throw badRequest(`请上传 .xlsx 或 .csv 格式的${noun}文件`, { file: '请上传 .xlsx 或 .csv 文件' });
}

export type UploadedSheet = { filename: string; file: Readable & { truncated?: boolean }; fields: Record<string, string> };

/** The one file part of an import's multipart body, with the text fields sent before it. */
export async function sheetPart(request: FastifyRequest, noun: string): Promise<UploadedSheet> {
  if (!request.isMultipart()) throw badRequest('请以表单文件方式上传（multipart/form-data，文件字段 file）');
  const part = await request.file();
  if (!part) throw badRequest(`请选择${noun}文件`, { file: `请选择${noun}文件` });
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) if (field && !Array.isArray(field) && 'value' in field) fields[name] = String(field.value);
  return { filename: part.filename, file: part.file, fields };
}

export interface SheetLayout<M> {
  /** What the file is called in messages: 名单, 核实数据表. */
  noun: string;
  /** The columns found in a line, or null when it is not the header (a title line above it, say). */
  findHeader(cells: readonly string[]): M | null;
  /** The required columns the header lacks, by name. */
  missing(map: M): string[];
  help: string;
  maxRows: number;
}

/** Title lines above the header that are passed over (a sheet's caption, a date line). */
const MAX_LINES_BEFORE_HEADER = 5;

/**
 * Reads the header and the data lines as a stream; every problem with the file as a whole (not a
 * spreadsheet, no header, a missing column, too many rows, past the upload limit) is a 400 or 413
 * with a sentence. The rest of the stream is drained whatever happens.
 */
export async function readImportFile<M, R>(upload: UploadedSheet, kind: SheetKind, maxBytes: number, layout: SheetLayout<M>, toRow: (map: M, line: number, cells: string[]) => R): Promise<{ map: M; rows: R[] }> {
  const input = upload.file;
  let map: M | null = null;
  let seen = 0;
  const rows: R[] = [];
  try {
    for await (const { line, cells } of readSheet(input, kind)) {
      if (!map) {
        seen += 1;
        map = layout.findHeader(cells);
        if (map) {
          const missing = layout.missing(map);
          if (missing.length) throw badRequest(`${layout.noun}缺少“${missing.join('”“')}”列。${layout.help}`);
        } else if (seen >= MAX_LINES_BEFORE_HEADER) break;
        continue;
      }
      if (rows.length >= layout.maxRows) throw badRequest(`一次最多导入 ${layout.maxRows} 行，请拆分文件后分批导入`);
      rows.push(toRow(map, line, cells));
    }
  } catch (err) {
    if (err instanceof SheetError) throw badRequest(err.message, { file: err.message });
    throw err;
  } finally {
    input.resume();
  }
  if (input.truncated) throw new AppError(ErrorCode.tooLarge, uploadTooLargeMessage(maxBytes));
  if (!map) throw badRequest(`文件前 ${MAX_LINES_BEFORE_HEADER} 行中没有找到表头。${layout.help}`);
  if (!rows.length) throw badRequest(`${layout.noun}中没有数据行，请检查文件`);
  return { map, rows };
}

/** Checks made before the file is read (its kind, the other fields): a refusal drains the upload, so the connection stays usable. */
export async function beforeReading<T>(upload: UploadedSheet, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    upload.file.resume();
    throw err;
  }
}

const USCC_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** A 统一社会信用代码 as a row of a file gives it: blanks removed, upper case. */
export const cleanUscc = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** What is wrong with a USCC cell (length, characters, GB 32100 check digit), or null. */
export function usccProblem(uscc: string): string | null {
  if (!uscc) return '缺少统一社会信用代码';
  if (uscc.length !== 18) return `统一社会信用代码应为 18 位（此处 ${uscc.length} 位）`;
  if (!USCC_SHAPE.test(uscc)) return '统一社会信用代码含有不允许的字符（不使用 I、O、Z、S、V）';
  const expected = usccCheckChar(uscc.slice(0, 17));
  if (expected !== uscc[17]) return `统一社会信用代码校验位不正确（按前 17 位应为 ${expected}），请核对`;
  return null;
}

/** Marks the USCCs seen earlier in a file: `与第 N 行的统一社会信用代码重复`, or null for the first. */
export function duplicateTracker() {
  const firstLine = new Map<string, number>();
  return (uscc: string, line: number): string | null => {
    const seen = firstLine.get(uscc);
    if (seen !== undefined) return `与第 ${seen} 行的统一社会信用代码重复`;
    firstLine.set(uscc, line);
    return null;
  };
}

/**
 * The rows a preview refused as .xlsx: the file's line number first, the import's columns, and a
 * 问题 column last, so that a clerk fixes them offline and uploads the file again. Text cells
 * throughout (a USCC stays text; nothing runs as a formula).
 */
export async function refusedRowsWorkbook(columns: Partial<Column>[], rows: readonly (Record<string, unknown> & { line: number; errors: readonly string[] })[]): Promise<Buffer> {
  const { book, sheet } = await exportSheet('有问题的行', [{ header: '原文件行号', key: 'line', width: 12 }, ...columns, { header: '问题', key: 'errors', width: 60 }]);
  for (const r of rows) {
    const row = addTextRow(sheet, { ...r, errors: r.errors.join('；') });
    row.getCell('errors').font = { color: { argb: 'FFCF1322' } };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** An import's template: the header row and one example line, USCC as text. */
export async function importTemplate(sheetName: string, columns: Partial<Column>[], example: Record<string, unknown>): Promise<Buffer> {
  const { book, sheet } = await exportSheet(sheetName, columns);
  addTextRow(sheet, example);
  sheet.getColumn('uscc').numFmt = '@';
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The stem a downloaded file of refused rows is named after: the upload's name without its extension. */
export const refusedRowsFileName = (fileName: string, fallback: string) => `${fileName.replace(/\.(xlsx|csv)$/i, '') || fallback}-有问题的行.xlsx`;

/** An .xlsx download, never cached; `disposition` names the file (the files module's contentDisposition). */
export const sendXlsx = (reply: FastifyReply, disposition: string, book: Buffer) =>
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', disposition).header('cache-control', 'private, no-store').send(book);
