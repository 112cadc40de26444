import { StringDecoder } from 'node:string_decoder';
import { Readable, Transform } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import type { CellValue } from 'exceljs';
import { loadExcel } from '#server/platform/excel.ts';

/** One line of a spreadsheet as text cells; `line` is the line number a person sees in Excel or a text editor. */
export interface SheetLine {
  line: number;
  cells: string[];
}

export type SheetKind = 'csv' | 'xlsx';

/** Excel writes CSV as GB18030 (GBK) on Chinese Windows and as UTF-8 with a BOM on request: both are read. */
const SNIFF_BYTES = 64 * 1024;

function decodingStream(): Transform {
  let decoder: TextDecoder | null = null;
  let head: Buffer[] = [];
  let headSize = 0;
  const pick = (sample: Buffer) => {
    try {
      // `stream: true` tolerates a character cut at the end of the sample.
      new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
      return new TextDecoder('utf-8');
    } catch {
      return new TextDecoder('gb18030');
    }
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (decoder) return done(null, decoder.decode(chunk, { stream: true }));
      head.push(chunk);
      headSize += chunk.length;
      if (headSize < SNIFF_BYTES) return done();
      const sample = Buffer.concat(head);
      head = [];
      decoder = pick(sample);
      done(null, decoder.decode(sample, { stream: true }));
    },
    flush(done) {
      if (!decoder) {
        const sample = Buffer.concat(head);
        decoder = pick(sample);
        return done(null, decoder.decode(sample));
      }
      done(null, decoder.decode());
    },
  });
}

async function* csvLines(input: Readable): AsyncGenerator<SheetLine> {
  const parser = input.pipe(decodingStream()).pipe(parseCsv({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }));
  input.on('error', (err) => parser.destroy(err));
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { line: info.lines, cells: record.map((c) => c.trim()) };
  }
}

/** A cell as the text a person sees: rich text joined, a formula's result, a date as YYYY-MM-DD. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('result' in value) return cellText(value.result as CellValue);
  if ('text' in value) return String(value.text).trim();
  if ('error' in value) return '';
  return '';
}

/** Text of a part of the file, decoded across chunks: a character split between two chunks stays whole. */
async function* utf8Text(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * Spreadsheets that staff upload (免申即享 lists, departments' data for 一企一档), read as a stream
 * (docs/console.md "免申即享"): CSV in UTF-8 or GB18030, or the first sheet of an XLSX.
 */

/**
 * The most a list can need, inflated: 50,000 rows of names, codes and conditions are a few MB of
 * shared strings and about 12 MB of sheet XML. A zip inflates about a thousand times, so a small
 * upload can hide hundreds of MB (one shared string of 400 MB took 9 s of CPU and 400 MB of
 * memory): reading stops, with a sentence, as soon as a part passes its bound.
 */
export const MAX_SHARED_STRINGS_BYTES = 16 * 1024 * 1024;
export const MAX_SHEET_BYTES = 48 * 1024 * 1024;
/** No field of an import is longer; a cell past this is not a list. */
export const MAX_CELL_CHARS = 1000;
export const TOO_LARGE_MESSAGE = 'Excel 文件的内容超出导入表格的合理大小（可能含有异常的超长文本），请检查后只保留所需的列和行再上传';

/** Chunks of an inflated part, stopped with a SheetError once they pass `max` bytes. */
async function* capped(chunks: AsyncIterable<Buffer | string>, max: number): AsyncGenerator<Buffer | string> {
  let total = 0;
  for await (const chunk of chunks) {
    total += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (total > max) throw new SheetError(TOO_LARGE_MESSAGE);
    yield chunk;
  }
}

/** The streaming reader's own steps for the two parts that hold text (exceljs 4.4; not in its typings). */
interface ReaderParts {
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(chunks: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
}

/**
 * exceljs's streaming reader decodes each inflated chunk (16 KB) of the shared strings and of a
 * sheet on its own, so a character whose UTF-8 bytes straddle two chunks becomes U+FFFD: about
 * one name in 2,000 of a Chinese list came out garbled, flagged as not matching its registered
 * enterprise or, for a new one, registered under the wrong name (exceljs issues #2063, #2084,
 * #2316; the fixes, #1665 and #2894, were never merged). These parts are decoded as streams
 * before its parser sees them; it passes text through untouched. Made from the module once it is
 * loaded (exceljs loads on the first import, not at start).
 */
function utf8WorkbookReader({ stream }: Awaited<ReturnType<typeof loadExcel>>['default']) {
  const base = stream.xlsx.WorkbookReader.prototype as unknown as ReaderParts;
  return class Utf8WorkbookReader extends stream.xlsx.WorkbookReader {
    _parseSharedStrings(entry: Readable) {
      entry.setEncoding('utf8');
      return base._parseSharedStrings.call(this, Readable.from(capped(entry, MAX_SHARED_STRINGS_BYTES), { objectMode: false }));
    }

    _parseWorksheet(chunks: AsyncIterable<Buffer | string>, sheetNo: string) {
      return base._parseWorksheet.call(this, utf8Text(capped(chunks, MAX_SHEET_BYTES)), sheetNo);
    }
  };
}

async function* xlsxLines(input: Readable): AsyncGenerator<SheetLine> {
  // Streaming: rows are handed over as the sheet's XML is read, never the whole workbook at once.
  const { default: ExcelJS } = await loadExcel();
  const Reader = utf8WorkbookReader(ExcelJS);
  const reader = new Reader(input, { entries: 'emit', worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore' });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from(values, (v) => cellText(v as CellValue));
      if (cells.some((c) => c.length > MAX_CELL_CHARS)) throw new SheetError(`第 ${row.number} 行有超过 ${MAX_CELL_CHARS} 个字的单元格，不像导入表格的内容，请检查后再上传`);
      if (cells.some((c) => c !== '')) yield { line: row.number, cells };
    }
    // Only the first sheet is the list; notes on other sheets are not rows.
    return;
  }
}

/** The non-empty lines of a CSV or XLSX file, read as a stream. Throws `SheetError` when the file is not what it claims. */
export async function* readSheet(input: Readable, kind: SheetKind): AsyncGenerator<SheetLine> {
  try {
    yield* kind === 'csv' ? csvLines(input) : xlsxLines(input);
  } catch (err) {
    if (err instanceof SheetError) throw err;
    throw new SheetError(
      kind === 'csv'
        ? `CSV 文件无法读取（${(err as Error).message}），请另存为 UTF-8 或 GBK 编码的 CSV 后重试`
        : 'Excel 文件无法读取，请确认是 .xlsx 格式（Excel 2007 及以上）后重试',
    );
  }
}

export class SheetError extends Error {}
