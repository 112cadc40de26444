import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { TOO_LARGE_MESSAGE } from '#server/platform/sheet-reader.ts';
import { signUpAndLogin, validUscc, type SignedUp } from '#tests/helpers/auth.ts';
import { multipartFile } from '#tests/helpers/multipart.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const csv = (lines: string[][]) => `${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('核实数据');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * 一企一档 from departments' data (docs/matching.md "Verified data"): a file of USCCs, attribute
 * columns and 数据来源 is checked row by row with what would change, then committed once as
 * verified values that win over what the enterprise declared, and the push matches again.
 */
describeEachDb('一企一档：导入部门核实数据', (t) => {
  let reviewer: StaffSession;
  let a: SignedUp;
  let b: SignedUp;
  const usccA = validUscc(5_300_001);
  const usccB = validUscc(5_300_002);
  const nameA = '上海核实导入甲贸易有限公司';
  const nameB = '上海核实导入乙科技有限公司';

  beforeAll(async () => {
    reviewer = await staffLogin(t(), 'reviewer');
    a = await signUpAndLogin(t(), { uscc: usccA, enterpriseName: nameA });
    b = await signUpAndLogin(t(), { uscc: usccB, enterpriseName: nameB });
  });

  const preview = (who: StaffSession, name: string, content: Buffer | string) => {
    const body = multipartFile(name, content);
    return t().call({ method: 'POST', url: '/console/api/enterprise/import/preview', payload: body.payload, headers: { ...who.headers, ...body.headers } });
  };
  const commit = (who: StaffSession, batchId: number) => t().call({ method: 'POST', url: '/console/api/enterprise/import/commit', payload: { batchId }, headers: who.headers });
  const profileOf = async (e: SignedUp) => (await t().call({ method: 'GET', url: '/api/enterprise/profile', headers: e.headers })).body.data.attributes;

  it('checks every row with its reason and what would change, then writes verified values that win over the self-declared ones, once', async () => {
    await t().call({ method: 'POST', url: '/api/enterprise/profile', headers: a.headers, payload: { revenue: 900, scale: 'small' } });
    const unknown = validUscc(5_300_009);
    const badDigit = `${usccA.slice(0, 17)}${usccA[17] === '0' ? '1' : '0'}`;
    const file = csv([
      ['统一社会信用代码', '企业名称', '营业收入', '企业规模', '资质', '成立日期', '数据来源'],
      [usccA, nameA, '820', '中型', '高新技术企业、增值税一般纳税人', '2016/5/18', '区税务局'],
      [usccB, '', '约五百', '特大型', '', '', '区统计局'],
      [unknown, '', '100', '', '', '', '区税务局'],
      [usccA, nameA, '820', '', '', '', '区税务局'],
      [badDigit, '', '100', '', '', '', '区税务局'],
      [usccB, '上海别的名字有限公司', '', '', '诺贝尔奖', '', ''],
    ]);
    const res = await preview(reviewer, '十月核实数据.csv', file);
    expect(res.status, res.body.msg).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({ fileName: '十月核实数据.csv', total: 6, valid: 1, values: 4, invalid: 5, unchanged: 0 });
    expect(p.rows.map((r: any) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, ['企业规模“特大型”只能是大型、中型、小型或微型', '上年度营业收入（万元）请填写数字（表中为“约五百”）']],
      [4, ['平台上没有该统一社会信用代码的企业，请核对（核实数据只写入已在平台建档的企业）']],
      [5, ['与第 2 行的统一社会信用代码重复']],
      [6, [expect.stringMatching(/^统一社会信用代码校验位不正确/)]],
      [
        7,
        [
          '与第 3 行的统一社会信用代码重复',
          `该信用代码在平台登记的企业名称为“${nameB}”，与表中“上海别的名字有限公司”不一致`,
          '缺少数据来源（提供数据的部门），请填写',
          expect.stringMatching(/^资质“诺贝尔奖”不在可导入的资质中/),
        ],
      ],
    ]);
    // What would change, against what counts now.
    expect(p.rows[0].changes).toEqual([
      { attr: 'scale', label: '企业规模', before: '小型（企业自报）', after: '中型' },
      { attr: 'foundedOn', label: '成立日期', before: null, after: '2016-05-18' },
      { attr: 'revenue', label: '上年度营业收入', before: '900 万元（企业自报）', after: '820 万元' },
      { attr: 'qualifications', label: '资质', before: null, after: '高新技术企业、增值税一般纳税人' },
    ]);
    // Nothing is written before the commit.
    expect((await profileOf(a)).revenue).toMatchObject({ value: 900, source: 'self' });

    const [first, second] = await Promise.all([commit(reviewer, p.batchId), commit(reviewer, p.batchId)]);
    for (const done of [first, second]) expect([done.status, done.body.data]).toEqual([200, { enterprises: 1, values: 4 }]);
    expect(first.body.msg).toBe('已为 1 家企业写入 4 项核实数据');
    const attrs = await profileOf(a);
    expect(attrs.revenue).toMatchObject({ value: 820, source: 'verified', department: '区税务局', selfValue: 900 });
    expect(attrs.scale).toMatchObject({ value: 'medium', source: 'verified', department: '区税务局', selfValue: 'small' });
    expect(attrs.qualifications).toMatchObject({ value: ['hnte', 'general-taxpayer'], source: 'verified' });
    expect(attrs.foundedOn).toMatchObject({ value: '2016-05-18', source: 'verified' });
    expect(await profileOf(b)).toEqual({});
    // 画像变更 on the 一企一档 page names the import: who committed which file.
    const changes = (await t().call({ method: 'GET', url: `/console/api/enterprise/detail?id=${a.enterpriseId}&list=changes`, headers: reviewer.headers })).body.data.changes;
    expect(changes.total).toBe(6);
    expect(changes.records.find((c: any) => c.code === 'revenue' && c.source === 'verified')).toMatchObject({ department: '区税务局', before: null, after: 820, by: `${reviewer.staff.name} 导入《十月核实数据.csv》` });
    const audited = await t().db.selectFrom('auditLog').select(['action', 'objectType', 'result']).where('action', 'like', 'enterprise.import.%').orderBy('id').execute();
    expect(audited.map((r) => [r.action, r.result])).toContainEqual(['enterprise.import.commit', 'ok']);

    // The same file again changes nothing: every row is already verified as it says.
    const again = await preview(reviewer, '十月核实数据.xlsx', await xlsx([['统一社会信用代码', '上年度营业收入（万元）', '数据来源'], [usccA, 820, '区税务局']]));
    expect(again.body.data).toMatchObject({ valid: 0, unchanged: 1, values: 0 });
    // The same value from another department is a change of source.
    const moved = await preview(reviewer, '统计局.csv', csv([['统一社会信用代码', '营业收入', '数据来源'], [usccA, '820', '区统计局']]));
    expect(moved.body.data.rows[0].changes).toEqual([{ attr: 'revenue', label: '上年度营业收入', before: '820 万元（区税务局核实）', after: '820 万元' }]);
    // Committed, it is kept in 画像变更 as such.
    expect((await commit(reviewer, moved.body.data.batchId)).status).toBe(200);
    const newest = (await t().call({ method: 'GET', url: `/console/api/enterprise/detail?id=${a.enterpriseId}&list=changes`, headers: reviewer.headers })).body.data.changes.records[0];
    expect(newest).toMatchObject({ code: 'revenue', source: 'verified', department: '区统计局', before: 820, after: 820, by: `${reviewer.staff.name} 导入《统计局.csv》` });
  });

  it('tells an enterprise about a project its verified data now matches, exactly once', async () => {
    const c = await signUpAndLogin(t(), { uscc: validUscc(5_300_011), enterpriseName: '上海核实推送丙物流有限公司' });
    await t().call({ method: 'POST', url: '/api/enterprise/profile', headers: c.headers, payload: { importExport: 100 } });
    const rules = { all: [{ attr: 'importExport', op: 'gte', value: 2000 }] };
    const saved = await t().call({
      method: 'POST',
      url: '/console/api/free-project/save',
      headers: reviewer.headers,
      payload: { name: '核实数据推送测试', category: 'trade', department: '商务发展局', amountMin: null, amountMax: 5, conditions: '进出口额 2000 万美元以上', content: '<p>无需申请。</p>', rules },
    });
    await t().call({ method: 'POST', url: '/console/api/free-project/publish', headers: reviewer.headers, payload: { id: saved.body.data.id } });
    const told = async () =>
      (await t().db.selectFrom('message').select('title').where('enterpriseId', '=', c.enterpriseId).where('title', 'like', '政策推送%').execute()).filter((m) => m.title.includes('核实数据推送测试'));
    await t().app.services.match.push.run();
    expect(await told()).toEqual([]);

    const p = (await preview(reviewer, '海关.csv', csv([['统一社会信用代码', '进出口额', '数据来源'], [validUscc(5_300_011), '2500', '海关']]))).body.data;
    await commit(reviewer, p.batchId);
    await t().app.services.match.push.run();
    await t().app.services.match.push.run();
    expect(await told()).toEqual([{ title: '政策推送：贵企业符合“核实数据推送测试”的条件' }]);
    await commit(reviewer, p.batchId);
    await t().app.services.match.push.run();
    expect(await told()).toHaveLength(1);
  });

  it('refuses files that are not data, too large or too long, in sentences', async () => {
    const cases: [string, Buffer | string, number, string][] = [
      ['数据.xls', 'x', 400, '不支持旧版 Excel（.xls）文件，请在 Excel 中另存为 .xlsx 或 .csv 后上传'],
      ['数据.csv', csv([['统一社会信用代码', '企业名称', '数据来源'], [usccA, nameA, '区税务局']]), 400, '核实数据表缺少“至少一项企业画像（如 企业规模、资质）”列。'],
      ['数据.csv', csv([['统一社会信用代码', '企业规模'], [usccA, '中型']]), 400, '核实数据表缺少“数据来源”列。'],
      ['数据.csv', csv([['统一社会信用代码', '企业规模', '数据来源']]), 400, '核实数据表中没有数据行，请检查文件'],
      ['数据.xlsx', await xlsx([['统一社会信用代码', '企业规模', '数据来源'], [usccA, 'A'.repeat(40 * 1024 * 1024), '区税务局']]), 400, TOO_LARGE_MESSAGE],
      // Past the upload limit (long lines, so that the row limit is not what stops it).
      ['数据.csv', `统一社会信用代码,企业名称,企业规模,数据来源\r\n${`${usccA},${'名'.repeat(300)},中型,区税务局\r\n`.repeat(Math.ceil(t().app.config.uploadMaxBytes / 900))}`, 413, '文件不能超过'],
    ];
    for (const [name, content, status, msg] of cases) {
      const res = await preview(reviewer, name, content);
      expect([res.status, res.body.msg.startsWith(msg)], `${name}: ${res.body.msg}`).toEqual([status, true]);
    }
  });

  it('gives the refused rows back as .xlsx with their cells and reasons, and the template', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/console/api/enterprise/import/errors',
      headers: { ...reviewer.headers, 'content-type': 'application/json' },
      payload: { fileName: '十月核实数据.csv', rows: [{ line: 3, uscc: usccB, enterpriseName: nameB, department: '区统计局', cells: { revenue: '约五百' }, errors: ['上年度营业收入（万元）请填写数字（表中为“约五百”）'] }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('十月核实数据-有问题的行.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet('有问题的行')!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['原文件行号', '统一社会信用代码', '企业名称', '所属行业', '企业规模', '成立日期', '从业人员（人）', '上年度营业收入（万元）', '上年度研发投入占营业收入比例（%）', '上年度进出口额（万美元）', '资质', '数据来源', '问题']);
    expect(rows[1]).toEqual([3, usccB, nameB, undefined, undefined, undefined, undefined, '约五百', undefined, undefined, undefined, '区统计局', '上年度营业收入（万元）请填写数字（表中为“约五百”）']);

    const template = await t().app.inject({ method: 'GET', url: '/console/api/enterprise/import/template', headers: reviewer.headers });
    expect(template.statusCode).toBe(200);
    // The template reads back as a file the preview accepts (its example enterprise is not on file).
    const checked = await preview(reviewer, '模板.xlsx', template.rawPayload);
    expect(checked.status, checked.body.msg).toBe(200);
    expect(checked.body.data.rows[0].errors).toEqual(['平台上没有该统一社会信用代码的企业，请核对（核实数据只写入已在平台建档的企业）']);
  });

  it('lets only those who keep the 免申即享 lists import verified data', async () => {
    const file = csv([['统一社会信用代码', '企业规模', '数据来源'], [usccB, '小型', '区统计局']]);
    for (const role of ['payer', 'editor', 'sysadmin'] as const) {
      const who = await staffLogin(t(), role);
      expect((await preview(who, '数据.csv', file)).status, role).toBe(403);
      expect((await commit(who, 1)).status, role).toBe(403);
    }
    expect((await t().call({ method: 'POST', url: '/console/api/enterprise/import/preview', payload: {} })).status).toBe(401);
    expect((await commit(reviewer, 999_999)).status).toBe(404);
  });
});
