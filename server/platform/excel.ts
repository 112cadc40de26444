import type { Column, Row, Workbook, Worksheet } from 'exceljs';

/**
 * exceljs, for the console's imports and exports only: loaded on first use rather than at start,
 * since it adds ~7 MB of heap and ~25 MB of resident memory to a process that mostly renders
 * public pages (docs/decisions.md "The server holds only what it serves").
 */
export const loadExcel = () => import('exceljs');

/** A workbook of one export sheet: its columns, the header row bold and frozen while scrolling. */
export async function exportSheet(name: string, columns: Partial<Column>[], creator?: string): Promise<{ book: Workbook; sheet: Worksheet }> {
  const { default: ExcelJS } = await loadExcel();
  const book = new ExcelJS.Workbook();
  if (creator) book.creator = creator;
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  return { book, sheet };
}

/** What a spreadsheet would take for a formula once the cell is edited or the sheet re-saved. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A row of an export. Text comes from enterprises and staff (a name, a note): it is written as a
 * text cell (format `@`), and text that starts like a formula gets a leading `'`, as the audit
 * CSV does, so that no spreadsheet ever runs it (formula injection). Numbers stay numbers.
 */
export function addTextRow(sheet: Worksheet, values: Record<string, unknown>): Row {
  const safe = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v]),
  );
  const row = sheet.addRow(safe);
  row.eachCell((cell) => {
    if (typeof cell.value === 'string') cell.numFmt = '@';
  });
  return row;
}
