import { beforeAll, expect, it } from 'vitest';
import { createStaff, staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

/** Every console list sorted on the server (docs/console.md "Tables"): each key both ways, and an unknown one refused. */
describeEachDb('控制台列表按列排序', (t) => {
  let sysadmin: StaffSession;
  let auditor: StaffSession;
  let editor: StaffSession;
  let reviewer: StaffSession;

  beforeAll(async () => {
    [sysadmin, auditor, editor, reviewer] = [await staffLogin(t(), 'sysadmin'), await staffLogin(t(), 'auditor'), await staffLogin(t(), 'editor'), await staffLogin(t(), 'reviewer')];
    for (const name of ['丙', '甲', '乙']) await createStaff(t(), { role: 'editor', name: `排序${name}` });
    for (const title of ['排序通知甲', '排序通知乙', '排序通知丙']) await t().call({ method: 'POST', url: '/console/api/notice/save', payload: { title, content: '<p>正文</p>' }, headers: editor.headers });
  });

  const list = (who: StaffSession, url: string, body: object) => t().call({ method: 'POST', url: `/console/api/${url}/pages`, payload: { pageSize: 100, ...body }, headers: who.headers });
  const inOrder = (values: string[], order: 'asc' | 'desc') => values.every((v, i) => i === 0 || (order === 'asc' ? values[i - 1] <= v : values[i - 1] >= v));

  it('sorts staff by login name, name and last sign-in (never signed in last)', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const rows = (await list(sysadmin, 'staff', { sortBy: 'loginName', sortOrder: order })).body.data.records as { loginName: string; lastLoginAt: string | null }[];
      expect(rows.length).toBeGreaterThan(5);
      expect(inOrder(rows.map((r) => r.loginName), order)).toBe(true);
      const byLogin = (await list(sysadmin, 'staff', { sortBy: 'lastLoginAt', sortOrder: order })).body.data.records as { lastLoginAt: string | null }[];
      const firstNever = byLogin.findIndex((r) => r.lastLoginAt === null);
      expect(firstNever).toBeGreaterThan(0);
      expect(byLogin.slice(firstNever).every((r) => r.lastLoginAt === null)).toBe(true);
      expect(inOrder(byLogin.slice(0, firstNever).map((r) => r.lastLoginAt!), order)).toBe(true);
    }
    const names = (await list(sysadmin, 'staff', { sortBy: 'name', keyword: '排序' })).body.data.records.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort());
  });

  it('sorts notices by 更新时间 and 发布时间 both ways, newest change first without a column', async () => {
    const titles = async (body: object) => (await list(editor, 'notice', { keyword: '排序通知', ...body })).body.data.records.map((r: { title: string }) => r.title);
    expect(await titles({})).toEqual(['排序通知丙', '排序通知乙', '排序通知甲']);
    expect(await titles({ sortBy: 'updatedAt', sortOrder: 'asc' })).toEqual(['排序通知甲', '排序通知乙', '排序通知丙']);
    expect((await titles({ sortBy: 'publishAt', sortOrder: 'desc' })).length).toBe(3);
  });

  it('sorts the audit log by time both ways', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const rows = (await list(auditor, 'audit', { sortBy: 'at', sortOrder: order })).body.data.records as { at: string }[];
      expect(rows.length).toBeGreaterThan(3);
      expect(inOrder(rows.map((r) => r.at), order)).toBe(true);
    }
  });

  it('accepts each list’s own keys and refuses any other with the same sentence', async () => {
    const cases: [StaffSession, string, string, string][] = [
      [sysadmin, 'staff', 'lastLoginAt', 'password'],
      [editor, 'notice', 'publishAt', 'content'],
      [editor, 'policy', 'updatedAt', 'title; drop table policy'],
      [auditor, 'audit', 'at', 'ip'],
      [reviewer, 'declare-ent', 'amountApplied', 'enterpriseName'],
      [reviewer, 'free-declare', 'amount', 'bankAccount'],
    ];
    for (const [who, url, good, bad] of cases) {
      const ok = await list(who, url, { sortBy: good, sortOrder: 'desc' });
      expect(ok.status, `${url} ${good}: ${ok.body.msg}`).toBe(200);
      const refused = await list(who, url, { sortBy: bad });
      expect(refused.status, url).toBe(400);
      expect(refused.body.data.fields.sortBy).toBe('这一列不能排序，请点表头上带箭头的列');
    }
  });
});
