import { beforeAll, expect, it } from 'vitest';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

describeEachDb('工作人员的列表设置（密度、列设置）', (t) => {
  let dispatcher: StaffSession;
  let auditor: StaffSession;

  beforeAll(async () => {
    dispatcher = await staffLogin(t(), 'dispatcher');
    auditor = await staffLogin(t(), 'auditor');
  });

  const save = (who: StaffSession, payload: object) => t().call({ method: 'POST', url: '/console/api/staff-preference/table', payload, headers: who.headers });
  const read = async (who: StaffSession) => (await t().call({ method: 'GET', url: '/console/api/staff-preference', headers: who.headers })).body.data;

  it('keeps each person’s own settings per list, replaces them on the next save, and audits the save', async () => {
    expect(await read(dispatcher)).toEqual({ tables: {} });
    const res = await save(dispatcher, { table: 'appeal', density: 'small', hiddenColumns: ['createdAt', 'createdAt', 'id'] });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('已保存列表设置');
    expect(res.body.data).toEqual({ density: 'small', hiddenColumns: ['createdAt', 'id'] });
    await save(dispatcher, { table: 'audit', density: 'large', hiddenColumns: [] });
    await save(dispatcher, { table: 'appeal', density: 'medium', hiddenColumns: ['dueAt'] });
    expect(await read(dispatcher)).toEqual({ tables: { appeal: { density: 'medium', hiddenColumns: ['dueAt'] }, audit: { density: 'large', hiddenColumns: [] } } });
    // Another person's settings are their own.
    expect(await read(auditor)).toEqual({ tables: {} });
    const audits = await t().db.selectFrom('auditLog').select(['result']).where('action', '=', 'staff-preference.table.save').where('staffId', '=', dispatcher.staff.id).execute();
    expect(audits.map((a) => a.result)).toEqual(['ok', 'ok', 'ok']);
  });

  it('refuses a list, a density or a column that does not exist, with a sentence, and keeps what was saved', async () => {
    await save(dispatcher, { table: 'staff', density: 'small', hiddenColumns: ['phone'] });
    const noTable = await save(dispatcher, { table: 'secrets', density: 'small', hiddenColumns: [] });
    expect(noTable.status).toBe(400);
    expect(noTable.body.data.fields.table).toBe('没有这个列表，请刷新页面后再试');
    const noDensity = await save(dispatcher, { table: 'staff', density: 'tiny', hiddenColumns: [] });
    expect(noDensity.body.data.fields.density).toBe('密度只能是宽松、默认或紧凑');
    const noColumn = await save(dispatcher, { table: 'staff', density: 'small', hiddenColumns: ['password'] });
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.data.fields.hiddenColumns).toBe('列表中没有这些列：password，请刷新页面后重新设置');
    expect((await save(dispatcher, { table: 'staff', density: 'small', hiddenColumns: 'phone' })).status).toBe(400);
    expect((await read(dispatcher)).tables.staff).toEqual({ density: 'small', hiddenColumns: ['phone'] });
  });

  it('answers only a signed-in staff member', async () => {
    expect((await t().call({ method: 'GET', url: '/console/api/staff-preference' })).status).toBe(401);
  });
});
