import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const URL = '/console/api/free-declare/import/errors';
const bad = (line: number, over: object = {}) => ({
  line,
  uscc: '91310115MA1K3YJ31X',
  enterpriseName: '上海示例贸易有限公司',
  amount: null,
  condition: '上年度进出口额 1000 万美元以上',
  source: '海关统计数据',
  errors: ['统一社会信用代码校验位不正确（按前 17 位应为 F），请核对', '金额须为大于 0 的数字（单位：万元）'],
  raw: { uscc: '91310115ma1k3yj31x', amount: '-5' },
  ...over,
});

/**
 * 免申即享 import errors to fix offline (docs/console.md "免申即享"): the rows a preview refused come back as .xlsx,
 * the template's columns with the line number first and a 问题 column last, text cells that no
 * spreadsheet runs as a formula; only for those who import lists, and audited as an export.
 */
describeEachDb('免申即享导入：下载有问题的行', (t) => {
  it('writes the refused rows with their reasons as an .xlsx named after the file', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const res = await t().app.inject({
      method: 'POST',
      url: URL,
      headers: { ...reviewer.headers, 'content-type': 'application/json' },
      payload: { fileName: '十月名单.xlsx', rows: [bad(3), bad(7, { enterpriseName: '=HYPERLINK("http://x","点我")', amount: 2.5, errors: ['该企业已在名单中'], raw: { uscc: '91310115MA1K3YJ31X', amount: '2.5' } })] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('十月名单-有问题的行.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('有问题的行')!;
    const rows = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['原文件行号', '统一社会信用代码', '企业名称', '金额（万元）', '符合条件', '数据来源', '问题']);
    // The USCC and the amount as typed: the person sees what to fix, not only why.
    expect(rows[1]).toEqual([3, '91310115ma1k3yj31x', '上海示例贸易有限公司', "'-5", '上年度进出口额 1000 万美元以上', '海关统计数据', '统一社会信用代码校验位不正确（按前 17 位应为 F），请核对；金额须为大于 0 的数字（单位：万元）']);
    // A name that looks like a formula stays text: no spreadsheet runs it.
    expect(rows[2][2]).toBe('\'=HYPERLINK("http://x","点我")');
    expect(rows[2][3]).toBe(2.5);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('@');
    const audited = await t().db.selectFrom('auditLog').select(['action', 'result']).where('action', '=', 'free-declare.import.errors').execute();
    expect(audited).toEqual([{ action: 'free-declare.import.errors', result: 'ok' }]);
  });

  it('refuses nothing to download, too many rows and other roles, in sentences', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const empty = await t().call({ method: 'POST', url: URL, headers: reviewer.headers, payload: { fileName: 'a.xlsx', rows: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('没有有问题的行可下载');
    const many = await t().call({ method: 'POST', url: URL, headers: reviewer.headers, payload: { fileName: 'a.xlsx', rows: Array.from({ length: 3001 }, (_, i) => bad(i + 2, { condition: '', source: '', errors: ['x'] })) } });
    expect(many.status).toBe(400);
    expect(many.body.msg).toContain('超过 3000 行');
    const payer = await staffLogin(t(), 'payer');
    expect((await t().call({ method: 'POST', url: URL, headers: payer.headers, payload: { fileName: 'a.xlsx', rows: [bad(2)] } })).status).toBe(403);
  });
});
