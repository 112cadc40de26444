import { expect, it } from 'vitest';
import { PHRASE_MAX_PER_LIST } from '#contract/phrase.ts';
import { createDepartment, staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

/**
 * 常用语 (docs/console.md "常用语"): each staff member's own lists and the department's shared ones,
 * per kind of text; the department's kept by those with `phrase:department:edit`, every change audited.
 */
describeEachDb('常用语', (t) => {
  const list = (who: StaffSession, kind: string) => t().call({ method: 'GET', url: `/console/api/phrase/list?kind=${kind}`, headers: who.headers });
  const save = (who: StaffSession, payload: object) => t().call({ method: 'POST', url: '/console/api/phrase/save', payload, headers: who.headers });
  const remove = (who: StaffSession, id: number) => t().call({ method: 'POST', url: '/console/api/phrase/delete', payload: { id }, headers: who.headers });

  it('keeps my list to myself and the department list shared, changed only by those who keep it', async () => {
    const departmentId = await createDepartment(t());
    const dispatcher = await staffLogin(t(), 'dispatcher', { departmentId });
    const colleague = await staffLogin(t(), 'dispatcher', { departmentId });
    const handler = await staffLogin(t(), 'handler', { departmentId });
    const elsewhere = await staffLogin(t(), 'dispatcher', { departmentId: await createDepartment(t()) });

    const mine = await save(dispatcher, { kind: 'accept', scope: 'mine', text: '  您反映的问题已受理，我们将尽快办理。 ' });
    expect(mine.status, mine.body.msg).toBe(200);
    expect(mine.body.data).toMatchObject({ kind: 'accept', scope: 'mine', text: '您反映的问题已受理，我们将尽快办理。' });
    const shared = await save(dispatcher, { kind: 'accept', scope: 'department', text: '已受理，转相关部门办理。' });
    expect(shared.status, shared.body.msg).toBe(200);

    // The colleague sees the department's phrase, not the other's own.
    const seen = (await list(colleague, 'accept')).body.data;
    expect(seen.mine).toEqual([]);
    expect(seen.department.map((p: any) => p.text)).toEqual(['已受理，转相关部门办理。']);
    expect(seen.editsDepartment).toBe(true);
    expect(seen.departmentName).toMatch(/^测试部门/);
    // Another department sees neither.
    expect((await list(elsewhere, 'accept')).body.data).toMatchObject({ mine: [], department: [] });

    // A handler reads the department's reply phrases, keeps their own, but may not change the shared list.
    await save(dispatcher, { kind: 'reply', scope: 'department', text: '经核实，您反映的问题已解决。' });
    const handlerView = (await list(handler, 'reply')).body.data;
    expect(handlerView).toMatchObject({ editsDepartment: false, department: [expect.objectContaining({ text: '经核实，您反映的问题已解决。' })] });
    const refused = await save(handler, { kind: 'reply', scope: 'department', text: '这是一条部门常用语' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('本部门常用语由部门负责维护');
    expect((await save(handler, { id: handlerView.department[0].id, kind: 'reply', scope: 'department', text: '改掉它' })).status).toBe(403);
    expect((await remove(handler, handlerView.department[0].id)).status).toBe(403);
    expect((await save(handler, { kind: 'reply', scope: 'mine', text: '已按您的要求办理完毕。' })).status).toBe(200);
    // Handlers do not accept appeals: no 受理意见 for them.
    expect((await list(handler, 'accept')).status).toBe(403);

    // Someone else's phrase is not found, whichever way it is asked for.
    expect((await save(colleague, { id: mine.body.data.id, kind: 'accept', scope: 'mine', text: '改掉它' })).status).toBe(404);
    expect((await remove(elsewhere, shared.body.data.id)).status).toBe(404);

    // Edited and deleted by the owner; the colleague who keeps the department's list may change it too.
    expect((await save(colleague, { id: shared.body.data.id, kind: 'accept', scope: 'department', text: '已受理，已转承办部门办理。' })).status).toBe(200);
    expect((await remove(dispatcher, mine.body.data.id)).status).toBe(200);
    expect((await list(dispatcher, 'accept')).body.data).toMatchObject({ mine: [], department: [expect.objectContaining({ text: '已受理，已转承办部门办理。' })] });

    // Every change is in the audit log, with its Chinese label's action.
    const audited = await t().db.selectFrom('auditLog').select(['action', 'loginName', 'result']).where('action', 'like', 'phrase.%').where('loginName', '=', colleague.staff.loginName).execute();
    expect(audited).toContainEqual({ action: 'phrase.save', loginName: colleague.staff.loginName, result: 'ok' });
  });

  it('refuses phrases that are empty, too long, repeated or one too many, in sentences', async () => {
    const reviewer = await staffLogin(t(), 'reviewer', { departmentId: null });
    const short = await save(reviewer, { kind: 'return', scope: 'mine', text: ' 好 ' });
    expect(short.status).toBe(400);
    expect(short.body.data.fields.text).toBe('常用语至少 2 个字');
    expect((await save(reviewer, { kind: 'return', scope: 'mine', text: '长'.repeat(501) })).body.msg).toBe('常用语不能超过 500 个字');
    expect((await save(reviewer, { kind: 'nonsense', scope: 'mine', text: '材料不全' })).status).toBe(400);
    expect((await list(reviewer, 'nonsense')).status).toBe(400);
    // No department: only my own list.
    const noDepartment = await save(reviewer, { kind: 'return', scope: 'department', text: '材料不全，请补充。' });
    expect(noDepartment.status).toBe(400);
    expect(noDepartment.body.msg).toContain('未归属任何部门');

    expect((await save(reviewer, { kind: 'return', scope: 'mine', text: '材料不全，请补充。' })).status).toBe(200);
    const again = await save(reviewer, { kind: 'return', scope: 'mine', text: '材料不全，请补充。' });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('列表中已有相同的常用语');
    for (let i = 1; i < PHRASE_MAX_PER_LIST; i += 1) expect((await save(reviewer, { kind: 'return', scope: 'mine', text: `退回理由第 ${i} 条` })).status).toBe(200);
    const tooMany = await save(reviewer, { kind: 'return', scope: 'mine', text: '再多一条' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe(`每个列表最多 ${PHRASE_MAX_PER_LIST} 条常用语，请先删除不再使用的`);
    // The limit is per list: the 受理意见 list still takes one.
    expect((await save(reviewer, { kind: 'accept', scope: 'mine', text: '材料齐全，同意。' })).status).toBe(200);

    // Roles that write none of these texts have no phrases at all.
    const payer = await staffLogin(t(), 'payer');
    expect((await list(payer, 'reply')).status).toBe(403);
    expect((await save(payer, { kind: 'reply', scope: 'mine', text: '你好你好' })).status).toBe(403);
  });
});
