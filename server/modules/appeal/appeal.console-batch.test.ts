import { beforeAll, expect, it } from 'vitest';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { createDepartment, createStaff, staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const valid = { title: '批量受理测试诉求', type: 'logistics', content: '我司需要协调保税仓库夜间作业许可，请帮助协调相关部门办理。', contactName: '周经理', contactPhone: '13912340000', isPublic: false };

describeEachDb('诉求工单：批量受理与转办、按列排序', (t) => {
  let ent: SignedUp;
  let dispatcher: StaffSession;
  let handler: StaffSession;
  let dept: number;

  beforeAll(async () => {
    ent = await signUpAndLogin(t(), { enterpriseName: '上海批量测试贸易有限公司' });
    dept = await createDepartment(t(), '批量测试处');
    dispatcher = await staffLogin(t(), 'dispatcher');
    handler = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: dept }));
  });

  const file = async (title = valid.title) => (await t().call({ method: 'POST', url: '/api/appeal/save', payload: { ...valid, title }, headers: ent.headers })).body.data.id as number;
  const batch = (who: StaffSession, payload: object) => t().call({ method: 'POST', url: '/console/api/appeal/batch', payload, headers: who.headers });
  const pages = (who: StaffSession, body: object) => t().call({ method: 'POST', url: '/console/api/appeal/pages', payload: { pageSize: 100, ...body }, headers: who.headers });
  const status = async (id: number) => (await t().db.selectFrom('appeal').select(['status', 'departmentId']).where('id', '=', id).executeTakeFirstOrThrow());

  it('accepts each chosen work order, reports per row what was refused and why, and audits each row', async () => {
    const [a, b, c] = [await file('第一件'), await file('第二件'), await file('第三件')];
    expect((await t().call({ method: 'POST', url: '/console/api/appeal/accept', payload: { id: b }, headers: dispatcher.headers })).status).toBe(200);

    const res = await batch(dispatcher, { action: 'accept', ids: [a, b, c, 99_999_999], note: '批量受理' });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('已受理 2 件，2 件未能受理');
    expect(res.body.data).toMatchObject({ done: 2, refused: 2 });
    expect(res.body.data.results).toEqual([
      { id: a, title: '第一件', done: true, message: '已受理' },
      { id: b, title: '第二件', done: false, message: expect.stringContaining('只有待受理的诉求可以受理') },
      { id: c, title: '第三件', done: true, message: '已受理' },
      { id: 99_999_999, title: null, done: false, message: expect.stringContaining('不存在') },
    ]);
    expect((await status(a)).status).toBe('processing');
    expect((await status(c)).status).toBe('processing');

    const rows = await t().db.selectFrom('auditLog').select(['action', 'objectId', 'result', 'detail']).where('action', 'in', ['appeal.accept', 'appeal.batch']).where('staffId', '=', dispatcher.staff.id).orderBy('id').execute();
    const mine = rows.filter((r) => [a, b, c, 99_999_999].map(String).includes(r.objectId ?? '') || r.action === 'appeal.batch');
    expect(mine.filter((r) => r.action === 'appeal.accept' && r.objectId !== String(b)).map((r) => [r.objectId, r.result])).toEqual([
      [String(a), 'ok'],
      [String(c), 'ok'],
      ['99999999', 'failed'],
    ]);
    expect(mine.filter((r) => r.action === 'appeal.accept' && r.objectId === String(b)).map((r) => r.result)).toEqual(['ok', 'failed']);
    expect(mine.some((r) => r.action === 'appeal.batch' && r.result === 'ok')).toBe(true);
  });

  it('assigns each to a department, needs a department, and refuses a person without 受理 rights', async () => {
    const [a, b] = [await file('转办一'), await file('转办二')];
    await batch(dispatcher, { action: 'accept', ids: [a, b] });

    const missing = await batch(dispatcher, { action: 'assign', ids: [a, b] });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields.departmentId).toBe('请选择承办部门');

    const denied = await batch(handler, { action: 'assign', ids: [a, b], departmentId: dept });
    expect(denied.status).toBe(403);
    expect((await status(a)).departmentId).toBeNull();

    const res = await batch(dispatcher, { action: 'assign', ids: [a, b], departmentId: dept });
    expect(res.body.data).toMatchObject({ done: 2, refused: 0 });
    expect(res.body.msg).toBe('已转办 2 件');
    expect((await status(b)).departmentId).toBe(dept);
    // Assigned again to the same department before it signed: refused per row with the step's own sentence.
    const again = await batch(dispatcher, { action: 'assign', ids: [a], departmentId: dept });
    expect(again.body.data.results[0]).toMatchObject({ done: false, message: '该诉求已转交批量测试处，正等待签收' });
  });

  it('refuses an empty or oversized choice with a sentence', async () => {
    expect((await batch(dispatcher, { action: 'accept', ids: [] })).body.msg).toContain('请先勾选工单');
    expect((await batch(dispatcher, { action: 'accept', ids: Array.from({ length: 51 }, (_, i) => i + 1) })).body.data.fields.ids).toBe('一次最多处理 50 件工单');
    expect((await batch(dispatcher, { action: 'delete', ids: [1] })).status).toBe(400);
  });

  it('sorts the queue by a column, both ways, with the id breaking ties, and refuses an unknown column', async () => {
    const ids = [await file('排序一'), await file('排序二'), await file('排序三')];
    const byCreated = async (sortOrder: string) => ((await pages(dispatcher, { sortBy: 'createdAt', sortOrder, keyword: '排序' })).body.data.records as { id: number; createdAt: string }[]).map((r) => r.id);
    expect(await byCreated('asc')).toEqual(ids);
    expect(await byCreated('desc')).toEqual([...ids].reverse());
    const byId = (await pages(dispatcher, { sortBy: 'id', sortOrder: 'desc' })).body.data.records.map((r: { id: number }) => r.id);
    expect(byId).toEqual([...byId].sort((x: number, y: number) => y - x));

    // dueAt: the rows without a deadline (a rejected one) come last both ways.
    await t().call({ method: 'POST', url: '/console/api/appeal/reject', payload: { id: ids[2], reason: '不属于受理范围' }, headers: dispatcher.headers });
    for (const sortOrder of ['asc', 'desc']) {
      const due = (await pages(dispatcher, { sortBy: 'dueAt', sortOrder })).body.data.records as { dueAt: string | null }[];
      const firstEmpty = due.findIndex((r) => r.dueAt === null);
      expect(firstEmpty).toBeGreaterThan(0);
      expect(due.slice(firstEmpty).every((r) => r.dueAt === null)).toBe(true);
    }

    const bad = await pages(dispatcher, { sortBy: 'enterpriseName' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.sortBy).toBe('这一列不能排序，请点表头上带箭头的列');
    expect((await pages(dispatcher, { sortBy: 'id', sortOrder: 'sideways' })).body.data.fields.sortOrder).toBe('排序方向只能是升序或降序');
  });
});
