import { expect, it } from 'vitest';
import { saveVerifiedValue } from '#server/modules/enterprise-profile/enterprise-profile.repository.ts';
import { createMatchPush } from '#server/modules/match/match-push.service.ts';
import { signUpAndLogin } from '#tests/helpers/auth.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { consoleCall, freeProject, declareProject, profileGet, profileSave, publishedDeclare } from '#tests/helpers/match.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const HNTE_OR_SRDI = {
  all: [
    { attr: 'revenue', op: 'gte', value: 500 },
    { any: [{ attr: 'qualifications', op: 'has', value: 'hnte' }, { attr: 'qualifications', op: 'has', value: 'srdi' }] },
  ],
};
const mine = async (t: TestApp, headers: object) => (await t.call({ method: 'GET', url: '/api/match/mine', headers: headers as Record<string, string> })).body.data as any[];

describeEachDb('政策找人：企业画像、条件与匹配结论', (t) => {
  it('keeps what the enterprise declares, field by field, and refuses a bad field without saving anything', async () => {
    const ent = await signUpAndLogin(t());
    expect((await profileGet(t(), ent.headers)).body.data).toEqual({ attributes: {}, pushSms: false, pushSmsPhone: null });
    const saved = await profileSave(t(), ent.headers, { industry: 'C', revenue: 820, qualifications: ['hnte', 'hnte'], foundedOn: '2018-06-01' });
    expect([saved.status, saved.body.msg]).toEqual([200, '企业画像已保存']);
    expect(saved.body.data.attributes.industry).toMatchObject({ value: 'C', source: 'self' });
    expect(saved.body.data.attributes.qualifications.value).toEqual(['hnte']);

    // Left out keeps, null clears.
    await profileSave(t(), ent.headers, { employees: 40, revenue: null });
    const after = (await profileGet(t(), ent.headers)).body.data.attributes;
    expect(Object.keys(after).sort()).toEqual(['employees', 'foundedOn', 'industry', 'qualifications']);

    for (const [field, value, message] of [
      ['industry', 'Z', '所属行业请按国民经济行业分类门类选择'],
      ['rdRatio', 130, '上年度研发投入占营业收入比例（%）不能超过 100'],
      ['employees', 2.5, '从业人员（人）请填写整数'],
      ['revenue', -1, '上年度营业收入（万元）不能为负数'],
      ['foundedOn', '2018-02-30', '成立日期应为 年-月-日，如 2018-06-01'],
      ['foundedOn', '2999-01-01', '成立日期不能晚于今天'],
      ['qualifications', ['hnte', 'nobel'], '资质只能从列出的资质中选择'],
    ] as const) {
      const bad = await profileSave(t(), ent.headers, { scale: 'large', [field]: value });
      expect([bad.status, bad.body.data?.fields?.[field]], `${field}=${JSON.stringify(value)}`).toEqual([400, message]);
    }
    const unchanged = (await profileGet(t(), ent.headers)).body.data.attributes;
    expect(unchanged.scale).toBeUndefined();
    expect(unchanged).toEqual(after);

    expect((await profileGet(t(), {})).status).toBe(401);
    expect((await profileSave(t(), {}, { industry: 'C' })).status).toBe(401);
  });

  it('lets a verified value win over a self-declared one, and shows both where they differ', async () => {
    const ent = await signUpAndLogin(t());
    await profileSave(t(), ent.headers, { revenue: 900, industry: 'C' });
    await saveVerifiedValue(t().db, ent.enterpriseId, 'revenue', '450', '税务局');
    const { attributes } = (await profileGet(t(), ent.headers)).body.data;
    expect(attributes.revenue).toMatchObject({ value: 450, source: 'verified', department: '税务局', selfValue: 900 });
    expect(attributes.industry).toMatchObject({ value: 'C', source: 'self' });
    expect(attributes.industry.department).toBeUndefined();
  });

  it('refuses rules that name an unknown attribute or an operator that does not fit, with a sentence, on both save calls', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const unknown = await consoleCall(t(), reviewer, 'declare-project/save', declareProject('未知属性', { all: [{ attr: 'profit', op: 'gte', value: 1 }] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toMatch(/^条件中的企业属性“profit”不存在/);
    const misfit = await consoleCall(t(), reviewer, 'free-project/save', freeProject('不合适的比较', { attr: 'industry', op: 'gte', value: 'C' }));
    expect([misfit.status, misfit.body.msg]).toEqual([400, '“所属行业”不能用“不低于”比较，可用：等于、不等于、属于其中之一、不属于其中任何一个']);
    const notATree = await consoleCall(t(), reviewer, 'declare-project/save', declareProject('不是条件', 'revenue >= 500'));
    expect(notATree.status).toBe(400);

    // Saved rules come back with their sentence; a save without `rules` keeps them, null clears them.
    const saved = await consoleCall(t(), reviewer, 'free-project/save', freeProject('外贸条件', { attr: 'importExport', op: 'gte', value: 1000 }));
    const id = saved.body.data.id;
    const row = async () => (await consoleCall(t(), reviewer, 'free-project/pages', { keyword: '外贸条件' })).body.data.records.find((r: any) => r.id === id);
    expect(await row()).toMatchObject({ rules: { attr: 'importExport', op: 'gte', value: 1000 }, rulesText: '上年度进出口额不低于 1000 万美元' });
    const { rules: _omit, ...withoutRules } = freeProject('外贸条件', null);
    await consoleCall(t(), reviewer, 'free-project/save', { ...withoutRules, id });
    expect((await row()).rulesText).toBe('上年度进出口额不低于 1000 万美元');
    await consoleCall(t(), reviewer, 'free-project/save', { ...withoutRules, id, rules: null });
    expect(await row()).toMatchObject({ rules: null, rulesText: null });
  });

  it('gives the enterprise its verdict per open project, condition by condition, eligible first', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const ent = await signUpAndLogin(t());
    const projectId = await publishedDeclare(t(), reviewer, '研发补助（匹配）', HNTE_OR_SRDI);
    const verdictOf = async () => (await mine(t(), ent.headers)).find((m) => m.kind === 'declare-project' && m.id === projectId);

    expect(await verdictOf()).toMatchObject({
      title: '研发补助（匹配）',
      verdict: 'maybe',
      conditions: [
        { text: '上年度营业收入不低于 500 万元', result: null, actual: null },
        { text: '具有高新技术企业或专精特新中小企业资质', result: null, actual: null },
      ],
      missing: [
        { code: 'revenue', label: '上年度营业收入' },
        { code: 'qualifications', label: '资质' },
      ],
    });
    await profileSave(t(), ent.headers, { revenue: 820 });
    expect(await verdictOf()).toMatchObject({ verdict: 'maybe', missing: [{ code: 'qualifications', label: '资质' }] });
    await profileSave(t(), ent.headers, { qualifications: ['srdi'] });
    expect(await verdictOf()).toMatchObject({
      verdict: 'eligible',
      conditions: [
        { text: '上年度营业收入不低于 500 万元', result: true, actual: '820 万元' },
        { text: '具有高新技术企业或专精特新中小企业资质', result: true, actual: '专精特新中小企业' },
      ],
      missing: [],
    });
    await profileSave(t(), ent.headers, { revenue: 300 });
    expect(await verdictOf()).toMatchObject({ verdict: 'ineligible', conditions: [{ result: false, actual: '300 万元' }, { result: true }] });

    // Eligible ones come first; a project taken down or without rules is not listed.
    const other = await publishedDeclare(t(), reviewer, '小微企业补助（匹配）', { attr: 'revenue', op: 'lte', value: 500 });
    const list = await mine(t(), ent.headers);
    expect(list.findIndex((m) => m.id === other && m.kind === 'declare-project')).toBeLessThan(list.findIndex((m) => m.id === projectId && m.kind === 'declare-project'));
    const verdicts = list.map((m) => m.verdict);
    expect(verdicts).toEqual([...verdicts].sort((a, b) => ['eligible', 'maybe', 'ineligible'].indexOf(a) - ['eligible', 'maybe', 'ineligible'].indexOf(b)));
    await consoleCall(t(), reviewer, 'declare-project/disable', { id: other });
    expect((await mine(t(), ent.headers)).some((m) => m.id === other && m.kind === 'declare-project')).toBe(false);
    expect((await t().call({ method: 'GET', url: '/api/match/mine' })).status).toBe(401);
  });

  it('answers the calculator from what a visitor typed, storing nothing, and refuses bad answers', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const freeId = (await consoleCall(t(), reviewer, 'free-project/save', freeProject('外贸奖励（计算器）', { attr: 'importExport', op: 'gte', value: 1000 }))).body.data.id;
    await consoleCall(t(), reviewer, 'free-project/publish', { id: freeId });
    const calc = (attributes: object) => t().call({ method: 'POST', url: '/api/match/calculate', payload: { attributes } });
    const find = (list: any[]) => list.find((m) => m.kind === 'free-project' && m.id === freeId);
    const stored = async () => Number((await t().db.selectFrom('enterpriseAttribute').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await stored();
    expect(find((await calc({ importExport: 1200 })).body.data)).toMatchObject({ verdict: 'eligible', conditions: [{ text: '上年度进出口额不低于 1000 万美元', result: true, actual: '1200 万美元' }] });
    expect(find((await calc({ importExport: '800' })).body.data).verdict).toBe('ineligible');
    expect(find((await calc({})).body.data)).toMatchObject({ verdict: 'maybe', missing: [{ code: 'importExport', label: '上年度进出口额' }] });
    expect(await stored()).toBe(before);
    const bad = await calc({ importExport: 'a lot' });
    expect([bad.status, bad.body.data.fields['attributes.importExport']]).toEqual([400, '上年度进出口额（万美元）请填写数字']);
  });

  it('counts the enterprises a rule would reach, for reviewers only', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const a = await signUpAndLogin(t());
    const b = await signUpAndLogin(t());
    await profileSave(t(), a.headers, { rdRatio: 42.5 });
    await profileSave(t(), b.headers, { rdRatio: 1 });
    const rules = { attr: 'rdRatio', op: 'gte', value: 42 };
    const res = await consoleCall(t(), reviewer, 'match/preview', { rules });
    expect(res.status, res.body.msg).toBe(200);
    const total = Number((await t().db.selectFrom('enterprise').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const ratios = await t().db.selectFrom('enterpriseAttribute').select('value').where('attr', '=', 'rdRatio').execute();
    const known = ratios.length;
    const eligible = ratios.filter((r) => Number(r.value) >= 42).length;
    expect(res.body.data).toEqual({ eligible, maybe: total - known, total });
    expect(eligible).toBeGreaterThanOrEqual(1);
    // The next count sees a value cleared and a value raised since, at once.
    await profileSave(t(), a.headers, { rdRatio: null });
    await profileSave(t(), b.headers, { rdRatio: 60 });
    expect((await consoleCall(t(), reviewer, 'match/preview', { rules })).body.data).toEqual({ eligible, maybe: total - known + 1, total });
    const none = await consoleCall(t(), reviewer, 'match/preview', { rules: null });
    expect([none.status, none.body.msg]).toEqual([400, '请至少添加一个条件']);
    const editor = await staffLogin(t(), 'editor');
    expect((await consoleCall(t(), editor, 'match/preview', { rules })).status).toBe(403);
  });

  it('pushes a published project once to each eligible enterprise, asks maybe ones for what is missing, and tells the console who', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const [fit, unsure, unfit, silent] = await Promise.all([0, 1, 2, 3].map(() => signUpAndLogin(t())));
    await profileSave(t(), fit.headers, { importExport: 2500, industry: 'G' });
    await profileSave(t(), unsure.headers, { industry: 'F' });
    await profileSave(t(), unfit.headers, { importExport: 10, industry: 'G' });
    const rules = { all: [{ attr: 'importExport', op: 'gte', value: 2000 }, { attr: 'industry', op: 'in', value: ['F', 'G'] }] };
    const id = (await consoleCall(t(), reviewer, 'free-project/save', freeProject('跨境物流推送测试', rules))).body.data.id;
    const pushed = async (e: { enterpriseId: number }) =>
      (await t().db.selectFrom('message').select(['title', 'content', 'link']).where('enterpriseId', '=', e.enterpriseId).where('title', 'like', '政策推送%').execute()).filter((m) => m.title.includes('跨境物流推送测试'));

    // A draft is not pushed.
    await t().app.services.match.push.run();
    expect(await pushed(fit)).toEqual([]);

    await consoleCall(t(), reviewer, 'free-project/publish', { id });
    await t().app.services.match.push.run();
    await t().app.services.match.push.run();
    expect(await pushed(fit)).toEqual([
      {
        title: '政策推送：贵企业符合“跨境物流推送测试”的条件',
        content: '根据企业画像，贵企业符合免申即享“跨境物流推送测试”的可核对条件（上年度进出口额不低于 2000 万美元，且所属行业为批发和零售业或交通运输、仓储和邮政业）。请查看项目详情，无需申请，请留意认定名单和兑付通知。',
        link: `/free-apply/free-project/detail?id=${id}`,
      },
    ]);
    expect(await pushed(unsure)).toEqual([
      {
        title: '政策推送：补充企业画像，看看能否享受“跨境物流推送测试”',
        content: '免申即享“跨境物流推送测试”的条件中，贵企业的企业画像还缺少：上年度进出口额。补充后即可在用户中心看到逐条核对结果。',
        link: '/user/profile',
      },
    ]);
    expect(await pushed(unfit)).toEqual([]);
    expect(await pushed(silent)).toEqual([]);

    // The maybe one completes its profile and matches: told once more, and never again.
    await profileSave(t(), unsure.headers, { importExport: 3000 });
    await t().app.services.match.push.run();
    await t().app.services.match.push.run();
    expect((await pushed(unsure)).map((m) => m.title)).toEqual(['政策推送：补充企业画像，看看能否享受“跨境物流推送测试”', '政策推送：贵企业符合“跨境物流推送测试”的条件']);
    expect(await pushed(fit)).toHaveLength(1);

    const told = await t().call({ method: 'GET', url: `/console/api/match/pushes?kind=free-project&id=${id}`, headers: reviewer.headers as unknown as Record<string, string> });
    expect(told.status, told.body.msg).toBe(200);
    // The two that match; enterprises of the tests above with a profile but no figure were asked to complete it.
    expect(told.body.data.eligible).toBe(2);
    expect(told.body.data.records.filter((r: any) => r.verdict === 'maybe')).toHaveLength(told.body.data.maybe);
    expect(told.body.data.lastAt).toEqual(told.body.data.records[0].toldAt);
  });

  it('after a restart mid-way, tells only those the stopped push had not told', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const [first, second] = await Promise.all([signUpAndLogin(t()), signUpAndLogin(t())]);
    await profileSave(t(), first.headers, { employees: 500 });
    await profileSave(t(), second.headers, { employees: 800 });
    const id = await publishedDeclare(t(), reviewer, '大企业稳岗（重启）', { attr: 'employees', op: 'gte', value: 300 });
    // The push before the restart committed the batch that told `first` (its claim and its message), then stopped.
    await t().db.insertInto('matchPush').values({ kind: 'declare-project', projectId: id, enterpriseId: first.enterpriseId, verdict: 'eligible', toldAt: new Date().toISOString() }).execute();
    await t().db.insertInto('message').values({ enterpriseId: first.enterpriseId, title: '政策推送：贵企业符合“大企业稳岗（重启）”的条件', content: '…', link: null, createdAt: new Date().toISOString() }).execute();

    // A new process: a push service with nothing in memory.
    const { profile, openProjects } = t().app.services.match;
    const restarted = createMatchPush({ db: t().db } as never, { profile, message: t().app.services.message, openProjects });
    await restarted.run();
    const count = async (e: { enterpriseId: number }) =>
      (await t().db.selectFrom('message').select('id').where('enterpriseId', '=', e.enterpriseId).where('title', '=', '政策推送：贵企业符合“大企业稳岗（重启）”的条件').execute()).length;
    expect([await count(first), await count(second)]).toEqual([1, 1]);
  });

  it('lists every enterprise for staff with its profile and sources, filtered on the values that count', async () => {
    const staff = await staffLogin(t(), 'reviewer');
    const ent = await signUpAndLogin(t());
    await profileSave(t(), ent.headers, { industry: 'C', scale: 'small', qualifications: ['srdi'] });
    await saveVerifiedValue(t().db, ent.enterpriseId, 'scale', '"medium"', '统计局');
    const pages = (payload: object) => consoleCall(t(), staff, 'enterprise/pages', payload);
    const bySmall = await pages({ scale: 'small', pageSize: 100 });
    expect(bySmall.status, bySmall.body.msg).toBe(200);
    expect(bySmall.body.data.records.some((r: any) => r.id === ent.enterpriseId)).toBe(false);
    const found = (await pages({ scale: 'medium', industry: 'C', qualification: 'srdi', pageSize: 100 })).body.data.records.find((r: any) => r.id === ent.enterpriseId);
    expect(found.profile.attributes.scale).toMatchObject({ value: 'medium', source: 'verified', department: '统计局', selfValue: 'small' });
    expect((await pages({ industry: 'Z' })).status).toBe(400);
    const editor = await staffLogin(t(), 'editor');
    expect((await consoleCall(t(), editor, 'enterprise/pages', {})).status).toBe(403);
  });
});
