import { expect, it } from 'vitest';
import { saveVerifiedValue } from '#server/modules/enterprise-profile/enterprise-profile.repository.ts';
import { signUpAndLogin, validUscc } from '#tests/helpers/auth.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const RULES = { all: [{ attr: 'importExport', op: 'gte', value: 2000 }, { attr: 'industry', op: 'in', value: ['F', 'G'] }] };

async function project(t: TestApp, reviewer: StaffSession, name: string, rules: unknown, publish = true): Promise<number> {
  const saved = await t.call({
    method: 'POST',
    url: '/console/api/free-project/save',
    headers: reviewer.headers,
    payload: { name, category: 'trade', department: '商务发展局', amountMin: 1, amountMax: 5, conditions: '进出口额 2000 万美元以上的批发零售或物流企业', content: '<p>无需申请。</p>', rules },
  });
  expect(saved.status, saved.body.msg).toBe(200);
  if (publish) await t.call({ method: 'POST', url: '/console/api/free-project/publish', headers: reviewer.headers, payload: { id: saved.body.data.id } });
  return saved.body.data.id;
}

/**
 * 免申即享 from the rules (docs/matching.md "免申即享 from the rules"): the list comes from the
 * project's rules on VERIFIED attributes only, through the same preview and commit as a file.
 */
describeEachDb('免申即享：按匹配条件生成名单', (t) => {
  it('lists the enterprises whose verified data qualifies, says why the others are left out, and commits like a file', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const id = await project(t(), reviewer, '物流企业稳外贸奖励', RULES);
    const ent = (n: number, name: string) => signUpAndLogin(t(), { uscc: validUscc(5_400_000 + n), enterpriseName: name });
    const verified = await ent(1, '上海核实符合甲物流有限公司');
    const selfOnly = await ent(2, '上海自报符合乙贸易有限公司');
    const half = await ent(3, '上海核实缺项丙物流有限公司');
    const failing = await ent(4, '上海核实不符丁贸易有限公司');
    const listed = await ent(5, '上海已在名单戊物流有限公司');
    const put = (e: { enterpriseId: number }, attr: string, value: unknown, department = '海关') => saveVerifiedValue(t().db, e.enterpriseId, attr, JSON.stringify(value), department);
    await put(verified, 'importExport', 2500);
    await put(verified, 'industry', 'G', '区市场监管局');
    await t().call({ method: 'POST', url: '/api/enterprise/profile', headers: selfOnly.headers, payload: { importExport: 3000, industry: 'F' } });
    await put(half, 'importExport', 2100);
    await put(failing, 'importExport', 100);
    await put(failing, 'industry', 'G');
    await put(listed, 'importExport', 9000);
    await put(listed, 'industry', 'F');
    await t()
      .db.insertInto('freeDeclareEnt')
      .values({ freeProjectId: id, enterpriseId: listed.enterpriseId, amount: 20_000, reasons: '[]', status: 'pending_confirm', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
      .execute();

    const res = await t().call({ method: 'POST', url: '/console/api/free-declare/import/generate', headers: reviewer.headers, payload: { projectId: id, amount: 2 } });
    expect(res.status, res.body.msg).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({ origin: 'rules', projectId: id, fileName: '按匹配条件生成', valid: 1, invalid: 2, existing: 1 });
    const mine = (name: string) => p.rows.find((r: any) => r.enterpriseName === name);
    expect(mine('上海核实符合甲物流有限公司')).toMatchObject({
      amount: 2,
      errors: [],
      existing: false,
      condition: '上年度进出口额不低于 2000 万美元，且所属行业为批发和零售业或交通运输、仓储和邮政业',
      source: '海关、区市场监管局核实数据',
    });
    expect(mine('上海自报符合乙贸易有限公司').errors).toEqual(['仅按企业自报的信息符合条件，上年度进出口额、所属行业尚未经部门核实，暂不列入']);
    expect(mine('上海核实缺项丙物流有限公司').errors).toEqual(['缺少部门核实的所属行业，无法判断是否符合，暂不列入']);
    expect(mine('上海已在名单戊物流有限公司')).toMatchObject({ errors: [], existing: true });
    expect(mine('上海核实不符丁贸易有限公司')).toBeUndefined();
    expect(p.unmatched).toBeGreaterThanOrEqual(1);

    // The same commit as a file: the row, its timeline and the enterprise's message.
    const done = await t().call({ method: 'POST', url: '/console/api/free-declare/import/commit', headers: reviewer.headers, payload: { batchId: p.batchId } });
    expect([done.status, done.body.msg]).toEqual([200, `已导入 1 条，跳过 ${p.total - 1} 条`]);
    const rows = await t().db.selectFrom('freeDeclareEnt').select(['enterpriseId', 'amount', 'status']).where('freeProjectId', '=', id).orderBy('id').execute();
    expect(rows).toEqual([
      { enterpriseId: listed.enterpriseId, amount: 20_000, status: 'pending_confirm' },
      { enterpriseId: verified.enterpriseId, amount: 20_000, status: 'pending_confirm' },
    ]);
    expect(await t().db.selectFrom('message').select('title').where('enterpriseId', '=', verified.enterpriseId).where('title', '=', '您已列入“物流企业稳外贸奖励”免申即享名单').execute()).toHaveLength(1);

    // Generated again, the same enterprise is already on the list.
    const again = (await t().call({ method: 'POST', url: '/console/api/free-declare/import/generate', headers: reviewer.headers, payload: { projectId: id, amount: 2 } })).body.data;
    expect(again).toMatchObject({ valid: 0, existing: 2 });
  });

  it('refuses a project without rules, a draft, an amount out of range and other roles, in sentences', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const generate = (who: StaffSession, payload: object) => t().call({ method: 'POST', url: '/console/api/free-declare/import/generate', headers: who.headers, payload });
    const bare = await project(t(), reviewer, '没有匹配条件的项目', null);
    const draft = await project(t(), reviewer, '草稿项目', RULES, false);
    const ruled = await project(t(), reviewer, '有匹配条件的项目', RULES);
    const cases: [object, number, string][] = [
      [{ projectId: bare, amount: 2 }, 400, '该项目还没有设置匹配条件，请先在「免申即享项目」中设置，或上传名单文件'],
      [{ projectId: draft, amount: 2 }, 409, '该项目还是草稿，请先在「免申即享项目」中发布，再导入名单'],
      [{ projectId: ruled, amount: 8 }, 400, '金额须在本项目的范围内（1 万元 至 5 万元）'],
      [{ projectId: ruled, amount: 0 }, 400, '金额须大于 0'],
      [{ projectId: 999_999, amount: 2 }, 400, '该免申即享项目不存在，请重新选择'],
    ];
    for (const [payload, status, msg] of cases) {
      const res = await generate(reviewer, payload);
      expect([res.status, res.body.msg], JSON.stringify(payload)).toEqual([status, msg]);
    }
    const payer = await staffLogin(t(), 'payer');
    expect((await generate(payer, { projectId: ruled, amount: 2 })).status).toBe(403);
  });
});
