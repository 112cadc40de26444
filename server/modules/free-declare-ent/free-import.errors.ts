import type { ImportErrorsRequest } from '#contract/free-declare-ent.console.ts';
import { refusedRowsWorkbook } from '#server/platform/sheet-import.ts';

/**
 * The rows a preview refused as .xlsx, in the template's columns with a 问题 column last. The USCC
 * and an amount that could not be read are written as the person typed them (docs/console.md
 * "免申即享"): the reason alone does not show what to fix.
 */
export async function importErrorsWorkbook({ rows }: ImportErrorsRequest): Promise<Buffer> {
  return refusedRowsWorkbook(
    [
      { header: '统一社会信用代码', key: 'uscc', width: 22 },
      { header: '企业名称', key: 'enterpriseName', width: 36 },
      { header: '金额（万元）', key: 'amount', width: 14 },
      { header: '符合条件', key: 'condition', width: 36 },
      { header: '数据来源', key: 'source', width: 22 },
    ],
    rows.map((r) => ({ ...r, uscc: r.raw?.uscc ?? r.uscc, amount: r.amount ?? r.raw?.amount ?? '' })),
  );
}
