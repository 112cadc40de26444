import { expect, it } from 'vitest';
import { saveVerifiedValue } from '#server/modules/enterprise-profile/enterprise-profile.repository.ts';
import { insertRole } from '#server/modules/staff-role/staff-role.repository.ts';
import { signUpAndLogin } from '#tests/helpers/auth.ts';
import { consoleCall, consoleGet, freeProject, profileSave, publishedDeclare } from '#tests/helpers/match.ts';
import { createStaff, staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const appeal = { title: '协调保税仓库扩容用地', type: 'land', content: '现有保税仓库面积不足，希望协调区内闲置仓储用地。', contactName: '王经理', contactPhone: '13912345678', attachments: [], isPublic: false };

describeEachDb('一企一档：一家企业的档案', (t) => {
  it('shows a reviewer the profile from each source, the appeals, declarations, 免申即享 rows, messages and pushes, each paged, with links where they may go', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const ent = await signUpAndLogin(t(), { enterpriseName: '一企一档精密制造有限公司' });
    await profileSave(t(), ent.headers, { scale: 'small', revenue: 900, pushSms: true });
    await saveVerifiedValue(t().db, ent.enterpriseId, 'scale', '"medium"', '统计局');

    for (let i = 0; i < 12; i++) expect((await t().call({ method: 'POST', url: '/api/appeal/save', payload: { ...appeal, title: `${appeal.title}（${i + 1}）` }, headers: ent.headers })).status).toBe(200);
    const projectId = await publishedDeclare(t(), reviewer, '一企一档研发补助', { attr: 'revenue', op: 'gte', value: 500 });
    const now = new Date().toISOString();
    await t().db.insertInto('declareEnt').values({ projectId, enterpriseId: ent.enterpriseId, userId: ent.userId, status: 'submitted', submittedAt: now, updatedAt: now }).execute();
    const draftProject = await publishedDeclare(t(), reviewer, '一企一档草稿项目', null);
    await t().db.insertInto('declareEnt').values({ projectId: draftProject, enterpriseId: ent.enterpriseId, userId: ent.userId, status: 'draft', updatedAt: now }).execute();
    const freeId = (await consoleCall(t(), reviewer, 'free-project/save', freeProject('一企一档外贸奖励', null))).body.data.id;
    await t().db.insertInto('freeDeclareEnt').values({ freeProjectId: freeId, enterpriseId: ent.enterpriseId, amount: 50_000, status: 'pending_confirm' }).execute();
    await t().app.services.match.push.run();
    await t().app.services.message.settled();

    const res = await consoleGet(t(), reviewer, `enterprise/detail?id=${ent.enterpriseId}`);
    expect(res.status, res.body.msg).toBe(200);
    const d = res.body.data;
    expect(d.enterprise).toMatchObject({ id: ent.enterpriseId, name: '一企一档精密制造有限公司' });
    expect(d.pushSms).toBe(true);
    expect(d.attributes.find((a: any) => a.code === 'scale')).toMatchObject({ self: { value: 'small' }, verified: { value: 'medium', department: '统计局' } });
    expect(d.attributes.find((a: any) => a.code === 'revenue')).toMatchObject({ self: { value: 900 }, verified: null });

    // Twelve appeals: the first page holds ten, the second two. A reviewer may not open the work order.
    expect([d.appeals.total, d.appeals.records.length, d.appeals.records[0].title, d.appeals.records[0].link]).toEqual([12, 10, `${appeal.title}（12）`, null]);
    const second = (await consoleGet(t(), reviewer, `enterprise/detail?id=${ent.enterpriseId}&list=appeals&currentPage=2`)).body.data;
    expect(second.appeals.records.map((a: any) => a.title)).toEqual([`${appeal.title}（2）`, `${appeal.title}（1）`]);
    expect(second.declarations.currentPage).toBe(1);

    // The draft is the enterprise's own.
    expect(d.declarations.records).toEqual([expect.objectContaining({ projectName: '一企一档研发补助', status: 'submitted', link: expect.stringMatching(/^\/console\/declare\/\d+$/) })]);
    expect(d.freeDeclares.records).toEqual([expect.objectContaining({ projectName: '一企一档外贸奖励', amount: 50_000, status: 'pending_confirm' })]);
    expect(d.freeDeclares.records[0].link).toContain(`/console/free-declare/rows?projectId=${freeId}`);
    expect(d.messages.records[0].title).toBe('政策推送：贵企业符合“一企一档研发补助”的条件');
    expect(d.pushes.records).toEqual([expect.objectContaining({ kind: 'declare-project', projectId, projectName: '一企一档研发补助', verdict: 'eligible', sms: 'sent' })]);

    // 画像变更: every value that changed, newest first, with who wrote it; saved again unchanged, no change.
    await profileSave(t(), ent.headers, { revenue: 1200, scale: null });
    await profileSave(t(), ent.headers, { revenue: 1200 });
    const changes = (await consoleGet(t(), reviewer, `enterprise/detail?id=${ent.enterpriseId}&list=changes`)).body.data.changes;
    expect(changes.records.map((c: any) => [c.code, c.source, c.before, c.after])).toEqual([
      ['revenue', 'self', 900, 1200],
      ['scale', 'self', 'small', null],
      ['scale', 'verified', null, 'medium'],
      ['revenue', 'self', null, 900],
      ['scale', 'self', null, 'small'],
    ]);
    expect(changes.records[0].by).toMatch(/^企业账号 \S/);
    expect(changes.records[2]).toMatchObject({ department: '统计局', by: null });
  });

  it('shows each list only to those whose duty it is, and no enterprise to anyone else', async () => {
    const ent = await signUpAndLogin(t());
    const role = `list-keeper-${Date.now()}`;
    await insertRole(t().db, { code: role, name: '名单维护', kind: 'business' }, ['free-declare:manage']);
    const lister = await staffLogin(t(), await createStaff(t(), { role }));
    const d = (await consoleGet(t(), lister, `enterprise/detail?id=${ent.enterpriseId}`)).body.data;
    expect([d.declarations, d.messages, d.freeDeclares === null, d.appeals === null]).toEqual([null, null, false, false]);

    const dispatcher = await staffLogin(t(), 'dispatcher');
    expect((await consoleGet(t(), dispatcher, `enterprise/detail?id=${ent.enterpriseId}`)).status).toBe(403);
    const reviewer = await staffLogin(t(), 'reviewer');
    const missing = await consoleGet(t(), reviewer, 'enterprise/detail?id=2147483000');
    expect([missing.status, missing.body.msg]).toEqual([404, '该企业不存在']);
    expect((await consoleGet(t(), reviewer, `enterprise/detail?id=${ent.enterpriseId}&list=secrets`)).status).toBe(400);
  });
});
