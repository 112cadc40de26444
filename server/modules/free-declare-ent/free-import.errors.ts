import type { ImportErrorsRequest } from '#contract/free-declare-ent.console.ts';
import { addTextRow, exportSheet } from '#server/platform/excel.ts';

/**
 * The rows a preview refused as .xlsx: the template's columns, the file's line number first and a
 * 问题 column last, so that a clerk fixes them offline and uploads the file again. The USCC and an
 * amount that could not be read are written as the person typed them (docs/console.md "免申即享"):
 * the reason alone does not show what to fix. Text cells throughout (a USCC stays text; nothing
 * runs as a formula).
 */
export async function importErrorsWorkbook({ rows }: ImportErrorsRequest): Promise<Buffer> {
  const { book, sheet } = await exportSheet('有问题的行', [
    { header: '原文件行号', key: 'line', width: 12 },
    { header: '统一社会信用代码', key: 'uscc', width: 22 },
    { header: '企业名称', key: 'enterpriseName', width: 36 },
    { header: '金额（万元）', key: 'amount', width: 14 },
    { header: '符合条件', key: 'condition', width: 36 },
    { header: '数据来源', key: 'source', width: 22 },
    { header: '问题', key: 'errors', width: 60 },
  ]);
  for (const r of rows) {
    const row = addTextRow(sheet, { ...r, uscc: r.raw?.uscc ?? r.uscc, amount: r.amount ?? r.raw?.amount ?? '', errors: r.errors.join('；') });
    row.getCell('errors').font = { color: { argb: 'FFCF1322' } };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
