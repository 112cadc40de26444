import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { signUpAndLogin, validUscc, type SignedUp } from '#tests/helpers/auth.ts';
import { multipartFile } from '#tests/helpers/multipart.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

/** A free project of its own for a test: 1–5 万元. */
async function project(t: TestApp, name: string): Promise<number> {
  const at = new Date().toISOString();
  const row = await t.db
    .insertInto('freeProject')
    .values({
      name,
      category: 'finance',
      department: '财政金融处',
      amountMin: 10_000,
      amountMax: 50_000,
      conditions: '条件',
      content: '内容',
      publishAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const csv = (lines: string[][]) => `${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
const HEADER = ['统一社会信用代码', '企业名称', '金额（万元）', '符合条件', '数据来源'];

describeEachDb('免申即享名单导入（管理后台）', (t) => {
  let reviewer: StaffSession;
  let payer: StaffSession;
  let registered: SignedUp;
  let registeredUscc: string;
  const registeredName = '上海保税区导入测试贸易有限公司';

  beforeAll(async () => {
    reviewer = await staffLogin(t(), 'reviewer');
    payer = await staffLogin(t(), 'payer');
    registeredUscc = validUscc(7_000_001);
    registered = await signUpAndLogin(t(), { uscc: registeredUscc, enterpriseName: registeredName });
  });

  const preview = (who: StaffSession, projectId: number | string, name: string, content: Buffer | string) => {
    const body = multipartFile(name, content);
    return t().call({
      method: 'POST',
      url: `/console/api/free-declare/import/preview?projectId=${projectId}`,
      payload: body.payload,
      headers: { ...who.headers, ...body.headers },
    });
  };
  const commit = (who: StaffSession, batchId: number) => t().call({ method: 'POST', url: '/console/api/free-declare/import/commit', payload: { batchId }, headers: who.headers });
  const rowsOf = (projectId: number) => t().db.selectFrom('freeDeclareEnt').selectAll().where('freeProjectId', '=', projectId).execute();

  it('flags every bad row before anything is written, then commits the good ones once', async () => {
    const projectId = await project(t(), '外贸稳增长奖励');
    const fresh = validUscc(7_100_001);
    const badDigit = `${fresh.slice(0, 17)}${fresh[17] === '0' ? '1' : '0'}`;
    const file = csv([
      ['免申即享名单（2026 年第一批）'],
      HEADER,
      [registeredUscc, registeredName, '2.5', '上年度进出口额 1000 万美元以上', '海关统计'],
      [fresh, '上海新设立供应链管理有限公司', '1.2', '', ''],
      [badDigit, '上海校验位错误有限公司', '2', '', ''],
      [fresh, '上海新设立供应链管理有限公司', '1.2', '', ''],
      [validUscc(7_100_002), '上海超上限有限公司', '8', '', ''],
      [validUscc(7_100_003), '上海金额有误有限公司', '两万', '', ''],
      [validUscc(7_100_004), '', '1', '', ''],
    ]);
    const enterprisesBefore = (await t().db.selectFrom('enterprise').select('id').execute()).length;
    const res = await preview(reviewer, projectId, '名单.csv', file);
    expect(res.status, res.body.msg).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({ projectId, projectName: '外贸稳增长奖励', fileName: '名单.csv', total: 7, valid: 2, invalid: 5, existing: 0 });
    expect(p.rows.map((r: any) => [r.line, r.errors])).toEqual([
      [3, []],
      [4, []],
      [5, [expect.stringContaining('校验位不正确')]],
      [6, ['与第 4 行的统一社会信用代码重复']],
      [7, ['金额超过本项目上限 5 万元']],
      [8, ['金额“两万”不是数字']],
      [9, ['缺少企业名称']],
    ]);
    expect(p.rows[0]).toMatchObject({ enterpriseName: registeredName, amount: 2.5, newEnterprise: false });
    expect(p.rows[1]).toMatchObject({ newEnterprise: true });
    // Nothing written by the preview.
    expect(await rowsOf(projectId)).toEqual([]);
    expect((await t().db.selectFrom('enterprise').select('id').execute()).length).toBe(enterprisesBefore);

    const done = await commit(reviewer, p.batchId);
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data).toEqual({ created: 2, skipped: 5 });
    expect(await rowsOf(projectId)).toHaveLength(2);
    // The same batch again: the same answer, nothing more written.
    expect((await commit(reviewer, p.batchId)).body.data).toEqual({ created: 2, skipped: 5 });
    expect(await rowsOf(projectId)).toHaveLength(2);

    // The same file again: every good row is already on the list.
    const again = (await preview(reviewer, projectId, '名单.csv', file)).body.data;
    expect(again).toMatchObject({ valid: 0, existing: 2, invalid: 5 });
    expect((await commit(reviewer, again.batchId)).body.data).toEqual({ created: 0, skipped: 7 });
    expect(await rowsOf(projectId)).toHaveLength(2);

    // The registered enterprise sees the row, a message and an SMS; the timeline names the bureau.
    await t().app.services.message.settled();
    const mine = (await t().call({ method: 'POST', url: '/api/free/declare/pages', payload: {}, headers: registered.headers })).body.data.records;
    const row = mine.find((r: any) => r.project.id === projectId);
    expect(row).toMatchObject({ status: 'pending_confirm', amount: 2.5, reasons: [{ condition: '上年度进出口额 1000 万美元以上', source: '海关统计' }] });
    expect(row.timeline).toEqual([expect.objectContaining({ action: 'listed', actor: '企业服务局' })]);
    expect(row.timeline[0]).not.toHaveProperty('staffName');
    const messages = (await t().call({ method: 'GET', url: '/admin/user/messages/page?pageSize=100', headers: registered.headers })).body.data.records;
    expect(messages.some((m: any) => m.title.includes('外贸稳增长奖励') && m.link === `/free-apply/components/apply-form?freeDeclareEntId=${row.id}`)).toBe(true);
    const sms = await t().db.selectFrom('smsDelivery').selectAll().where('phone', '=', registered.phone).execute();
    expect(sms.map((s) => [s.template, s.status])).toContainEqual(['free_declare_listed', 'sent']);

    const audit = await t().db.selectFrom('auditLog').selectAll().where('action', '=', 'free-declare.import.commit').where('loginName', '=', reviewer.staff.loginName).execute();
    expect(audit.filter((a) => a.result === 'ok' && String(a.changes).includes(`"batchId":${p.batchId}`))).toHaveLength(2);
  });

  it('shows a refused row as the person typed it, in the preview and in the file to fix offline', async () => {
    const projectId = await project(t(), '原文回显项目');
    const typedUscc = ` ${validUscc(7_200_001).slice(0, 10).toLowerCase()} ${validUscc(7_200_001).slice(10, 17)} `;
    const longAmount = '1'.repeat(150);
    const file = csv([HEADER, [typedUscc, '上海原文回显有限公司', '=1+2', '', ''], [validUscc(7_200_002), '上海好行有限公司', '2', '', ''], [validUscc(7_200_003), '上海超长金额有限公司', longAmount, '', '']]);
    const p = (await preview(reviewer, projectId, '原文.csv', file)).body.data;
    expect(p.rows[0].errors).toEqual([expect.stringContaining('统一社会信用代码应为 18 位'), '金额“=1+2”不是数字']);
    // What was typed (spaces and case as they were), not only the reason; a good row carries nothing extra.
    expect(p.rows[0].raw).toEqual({ uscc: typedUscc.trim(), amount: '=1+2' });
    expect(p.rows[1].raw).toBeNull();
    expect(p.rows[2].raw.amount).toBe(`${'1'.repeat(100)}…`);

    const refused = p.rows.filter((r: any) => r.errors.length);
    const res = await t().app.inject({
      method: 'POST',
      url: '/console/api/free-declare/import/errors',
      headers: { ...reviewer.headers, 'content-type': 'application/json' },
      payload: { fileName: '原文.csv', rows: refused.map(({ existing: _e, newEnterprise: _n, ...r }: any) => r) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = book.getWorksheet('有问题的行')!.getRow(2).values as unknown[];
    // The typed USCC and amount, the amount as text that no spreadsheet runs as a formula.
    expect(values.slice(1, 4)).toEqual([2, typedUscc.trim(), '上海原文回显有限公司']);
    expect(values[4]).toBe("'=1+2");
  });

  it('creates enterprises not yet registered, and their first registration finds the row', async () => {
    const projectId = await project(t(), '新设企业开办补贴');
    const uscc = validUscc(7_200_001);
    const name = '上海尚未注册物流有限公司';
    const p = (await preview(reviewer, projectId, 'list.csv', csv([HEADER, [uscc, name, '3', '新设企业', '市场监管']]))).body.data;
    expect(p.rows[0].newEnterprise).toBe(true);
    expect((await commit(reviewer, p.batchId)).body.data).toEqual({ created: 1, skipped: 0 });
    const ent = await t().db.selectFrom('enterprise').selectAll().where('uscc', '=', uscc).executeTakeFirstOrThrow();
    expect(ent.name).toBe(name);

    const newcomer = await signUpAndLogin(t(), { uscc, enterpriseName: name, viaApi: true });
    expect(newcomer.enterpriseId).toBe(ent.id);
    const mine = (await t().call({ method: 'POST', url: '/api/free/declare/pages', payload: {}, headers: newcomer.headers })).body.data;
    expect(mine.records.map((r: any) => r.project.name)).toEqual(['新设企业开办补贴']);
    const messages = (await t().call({ method: 'GET', url: '/admin/user/messages/page', headers: newcomer.headers })).body.data;
    expect(messages.unread).toBe(1);
  });

  it('reads XLSX (a title line, numbers as numbers) and GBK CSV from Excel', async () => {
    const projectId = await project(t(), '跨境电商物流补贴');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('名单');
    sheet.addRow(['2026 年跨境电商物流补贴名单']);
    sheet.addRow(['统一社会信用代码', '企业名称', '金额(万元)', '满足条件', '来源']);
    sheet.addRow([validUscc(7_300_001), { richText: [{ text: '上海富文本' }, { text: '电商有限公司' }] }, 1.5, '跨境电商', '商务委']);
    sheet.addRow([validUscc(7_300_002), '上海公式电商有限公司', { formula: '1+1', result: 2 }, '', '']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const res = await preview(reviewer, projectId, '名单.xlsx', xlsx);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.rows.map((r: any) => [r.line, r.enterpriseName, r.amount, r.errors])).toEqual([
      [3, '上海富文本电商有限公司', 1.5, []],
      [4, '上海公式电商有限公司', 2, []],
    ]);

    // Excel on Chinese Windows saves CSV in GB18030 (GBK).
    const gbkBytes = execFileSync('iconv', ['-f', 'UTF-8', '-t', 'GB18030'], { input: csv([HEADER, [validUscc(7_300_003), '上海国标编码贸易有限公司', '1', '', '']]) });
    const g = await preview(reviewer, projectId, 'gbk.csv', gbkBytes);
    expect(g.status, g.body.msg).toBe(200);
    expect(g.body.data.rows[0]).toMatchObject({ enterpriseName: '上海国标编码贸易有限公司', errors: [] });
  });

  it('reads every name of a long XLSX whole, however the file is cut into chunks', async () => {
    // The streaming reader inflates the shared strings 16 KB at a time; characters cut there came out as U+FFFD.
    const projectId = await project(t(), '稳岗留工补贴');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('名单');
    sheet.addRow(HEADER);
    const names = Array.from({ length: 3000 }, (_, i) => `上海${'长'.repeat(i % 7)}保税物流第${i}号有限公司`);
    names.forEach((name, i) => sheet.addRow([validUscc(7_400_000 + i), name, 1, '参保人数不减', '区人社局']));
    const res = await preview(reviewer, projectId, '长名单.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.rows.filter((r: any) => r.errors.length)).toEqual([]);
    expect(res.body.data.rows.map((r: any) => r.enterpriseName)).toEqual(names);
  });

  it('refuses a file it cannot use with a sentence, never a 500', async () => {
    const projectId = await project(t(), '文件检查项目');
    const bad = async (name: string, content: string | Buffer, id: number | string = projectId) => {
      const res = await preview(reviewer, id, name, content);
      expect(res.status, res.body.msg).toBe(400);
      return res.body.msg as string;
    };
    expect(await bad('list.xls', 'x')).toContain('.xlsx');
    expect(await bad('list.txt', 'x')).toContain('.xlsx 或 .csv');
    expect(
      await bad(
        'list.csv',
        csv([
          ['企业名称', '金额（万元）'],
          ['甲', '1'],
        ]),
      ),
    ).toContain('统一社会信用代码');
    expect(await bad('list.csv', csv([HEADER]))).toBe('名单中没有数据行，请检查文件');
    expect(await bad('list.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'))).toContain('Excel 文件无法读取');
    expect(await bad('list.csv', csv([HEADER, [validUscc(1), '甲', '1']]), 99_999)).toContain('项目不存在');
    expect((await t().call({ method: 'POST', url: '/console/api/free-declare/import/commit', payload: { batchId: 99_999 }, headers: reviewer.headers })).status).toBe(404);
  });

  it('lets only list managers import', async () => {
    const projectId = await project(t(), '权限检查项目');
    const file = csv([HEADER, [validUscc(7_400_001), '上海权限检查有限公司', '1', '', '']]);
    expect((await preview(payer, projectId, 'a.csv', file)).status).toBe(403);
    const editor = await staffLogin(t(), 'editor');
    expect((await preview(editor, projectId, 'a.csv', file)).status).toBe(403);
    const p = (await preview(reviewer, projectId, 'a.csv', file)).body.data;
    expect((await commit(payer, p.batchId)).status).toBe(403);
    expect((await t().call({ method: 'POST', url: '/console/api/free-declare/import/commit', payload: { batchId: p.batchId }, headers: registered.headers })).status).toBe(401);
    expect(await rowsOf(projectId)).toEqual([]);
    const denied = await t().db.selectFrom('auditLog').select('result').where('action', '=', 'free-declare.import.commit').where('loginName', '=', payer.staff.loginName).execute();
    expect(denied.map((d) => d.result)).toEqual(['denied']);
  });

  it('commits a batch once when the button is clicked twice at the same moment', async () => {
    const projectId = await project(t(), '并发导入项目');
    const file = csv([HEADER, ...Array.from({ length: 30 }, (_, i) => [validUscc(7_500_000 + i), `上海并发导入${i}号有限公司`, '1', '', ''])]);
    const p = (await preview(reviewer, projectId, 'a.csv', file)).body.data;
    const [a, b] = await Promise.all([commit(reviewer, p.batchId), commit(reviewer, p.batchId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data).toEqual({ created: 30, skipped: 0 });
    expect(b.body.data).toEqual({ created: 30, skipped: 0 });
    expect(await rowsOf(projectId)).toHaveLength(30);
  });
});
