import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { signUpAndLogin } from '#tests/helpers/auth.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

describeEachDb('what staff and enterprises write cannot borrow the site or run in a spreadsheet', (t) => {
  it("keeps only the editor's own classes in rich text", async () => {
    const editor = await staffLogin(t(), 'editor');
    const content = '<p class="console-banner ant-alert">假通知</p><span class="sr-only">隐藏</span><pre><code class="language-js evil">x = 1</code></pre>';
    const saved = await t().call({ method: 'POST', url: '/console/api/notice/save', headers: editor.headers, payload: { title: '样式测试', content, summary: '摘要', isTop: false } });
    expect(saved.status).toBe(200);
    const row = (await t().call({ method: 'GET', url: `/console/api/notice/detail?id=${saved.body.data.id}`, headers: editor.headers })).body.data;
    expect(row.content).toBe('<p>假通知</p><span>隐藏</span><pre><code class="language-js">x = 1</code></pre>');
  });

  it('writes the XLSX export as text cells, with a formula-like start made harmless', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const hostile = { enterpriseName: '=HYPERLINK("http://evil.example","点此")', contactName: '+1+1', contactPhone: '-2+3', reviewNote: '@SUM(1,2)' };
    const who = await signUpAndLogin(t(), { enterpriseName: hostile.enterpriseName });
    const now = new Date().toISOString();
    const { id: projectId } = await t()
      .db.insertInto('declareProject')
      .values({ name: '导出测试项目', category: 'tech', department: '科技经济处', policyId: null, amountMin: null, amountMax: 100_000, applyStart: now, applyEnd: now, conditions: '<p>条件</p>', content: '<p>说明</p>' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t()
      .db.insertInto('declareEnt')
      .values({ projectId, enterpriseId: who.enterpriseId, userId: who.userId, status: 'submitted', uscc: '91310115MA1K3YJ31F', amountApplied: 50_000, submittedAt: now, ...hostile })
      .execute();

    const res = await t().app.inject({ method: 'GET', url: `/console/api/declare-ent/export?projectId=${projectId}`, headers: reviewer.headers });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const row = book.getWorksheet('申报汇总')!.getRow(2);
    const cells = [2, 4, 5, 11].map((c) => row.getCell(c));
    expect(cells.map((c) => c.value)).toEqual([`'${hostile.enterpriseName}`, `'${hostile.contactName}`, `'${hostile.contactPhone}`, `'${hostile.reviewNote}`]);
    expect(cells.every((c) => c.type === ExcelJS.ValueType.String && c.numFmt === '@')).toBe(true);
    // Amounts stay numbers a clerk can add up.
    expect(row.getCell(6).value).toBe(5);
  });
});
