import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { validUscc } from '#tests/helpers/auth.ts';
import { multipartFile } from '#tests/helpers/multipart.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';
import { MAX_CELL_CHARS, TOO_LARGE_MESSAGE } from '#server/platform/sheet-reader.ts';

const HEADER = ['统一社会信用代码', '企业名称', '金额（万元）', '符合条件', '数据来源'];

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('名单');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describeEachDb('免申即享名单导入：超大的 Excel 内容', (t) => {
  let reviewer: StaffSession;
  let projectId: number;
  beforeAll(async () => {
    reviewer = await staffLogin(t(), 'reviewer');
    const at = new Date().toISOString();
    ({ id: projectId } = await t()
      .db.insertInto('freeProject')
      .values({ name: '超大文件测试', category: 'finance', department: '财政金融处', amountMin: 10_000, amountMax: 50_000, conditions: '条件', content: '内容', publishAt: at, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow());
  });

  const preview = (name: string, content: Buffer) => {
    const body = multipartFile(name, content);
    return t().call({ method: 'POST', url: `/console/api/free-declare/import/preview?projectId=${projectId}`, payload: body.payload, headers: { ...reviewer.headers, ...body.headers } });
  };

  it('refuses a small file hiding one huge shared string, with a sentence', async () => {
    const file = await xlsx([HEADER, [validUscc(8_100_001), 'A'.repeat(40 * 1024 * 1024), 2, '条件', '来源']]);
    expect(file.length).toBeLessThan(1024 * 1024);
    const res = await preview('名单.xlsx', file);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(TOO_LARGE_MESSAGE);
  });

  it('refuses a cell longer than any field of the list, naming its line', async () => {
    const file = await xlsx([HEADER, [validUscc(8_100_002), '上海示例贸易有限公司', 2, '条件', '来源'], [validUscc(8_100_003), '名'.repeat(MAX_CELL_CHARS + 1), 2, '条件', '来源']]);
    const res = await preview('名单.xlsx', file);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`第 3 行有超过 ${MAX_CELL_CHARS} 个字的单元格，不像导入表格的内容，请检查后再上传`);
    // An ordinary list still reads.
    const ok = await preview('名单.xlsx', await xlsx([HEADER, [validUscc(8_100_004), '上海示例贸易有限公司', 2, '条件', '来源']]));
    expect(ok.status).toBe(200);
  });
});
