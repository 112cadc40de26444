import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { signUpAndLogin } from '#tests/helpers/auth.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { planOf } from '#tests/helpers/query-plan.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';
import type { AuditFilter } from '#contract/audit.ts';
import { formatDate } from '#contract/format.ts';
import { auditCountQuery, auditPage, auditPageQuery, insertAudit } from './audit.repository.ts';

const post = (t: TestApp, url: string, headers: object, payload: object) => t.call({ method: 'POST', url: `/console/api/${url}`, headers: headers as Record<string, string>, payload });

describeEachDb('audit log', (t) => {
  it('shows the auditor the login steps of a person, filtered, and records the search itself', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    await post(t(), 'department/save', admin.headers, { name: '审计测试科' });
    const auditor = await staffLogin(t(), 'auditor');
    const res = await post(t(), 'audit/pages', auditor.headers, { loginName: admin.staff.loginName, pageSize: 50 });
    expect(res.status).toBe(200);
    const actions = res.body.data.records.map((r: { action: string }) => r.action);
    expect(actions).toEqual(['department.save', 'staff.login']);
    expect(res.body.data.records[0]).toMatchObject({ actorType: 'staff', objectType: 'department', result: 'ok', changes: expect.stringContaining('审计测试科') });

    const byAction = await post(t(), 'audit/pages', auditor.headers, { action: 'department.save', result: 'ok' });
    expect(byAction.body.data.records.every((r: { action: string }) => r.action === 'department.save')).toBe(true);
    const today = formatDate(new Date());
    const byDate = await post(t(), 'audit/pages', auditor.headers, { dateFrom: today, dateTo: today });
    expect(byDate.body.data.total).toBeGreaterThan(0);
    const past = await post(t(), 'audit/pages', auditor.headers, { dateFrom: '2020-01-01', dateTo: '2020-01-02' });
    expect(past.body.data.total).toBe(0);

    const searches = await post(t(), 'audit/pages', auditor.headers, { action: 'audit.search', loginName: auditor.staff.loginName, pageSize: 100 });
    expect(searches.body.data.total).toBeGreaterThanOrEqual(4);
    expect(searches.body.data.records[0]).toMatchObject({ objectType: 'audit_log', result: 'ok' });
  });

  it('counts at most 10,000 matches, serves no page past them, and finds rows by object number, object type or result alone', async () => {
    const auditor = await staffLogin(t(), 'auditor');
    const at = new Date().toISOString();
    const row = (n: number) => ({ at, action: 'notice.save', actorType: 'staff', loginName: 'bulk', objectType: 'notice', objectId: String(n), result: n === 7 ? 'denied' : 'ok', ip: '10.0.0.1' });
    for (let done = 0; done < 10_001; done += 1000) {
      await t().db.insertInto('auditLog').values(Array.from({ length: Math.min(1000, 10_001 - done) }, (_, i) => row(done + i))).execute();
    }
    const broad = await post(t(), 'audit/pages', auditor.headers, { loginName: 'bulk', pageSize: 10 });
    expect(broad.body.data).toMatchObject({ total: 10_000, totalCapped: true });
    expect(broad.body.data.records).toHaveLength(10);
    // Asked again (the count is remembered past the cap), then past the 10,000th match.
    expect((await post(t(), 'audit/pages', auditor.headers, { loginName: 'bulk', currentPage: 2, pageSize: 10 })).body.data).toMatchObject({ total: 10_000, totalCapped: true });
    const deep = await post(t(), 'audit/pages', auditor.headers, { loginName: 'bulk', currentPage: 1001, pageSize: 10 });
    expect(deep.body.data).toMatchObject({ records: [], total: 10_000, totalCapped: true });

    const byNumber = await post(t(), 'audit/pages', auditor.headers, { objectId: '1234' });
    expect(byNumber.body.data.records.map((r: { loginName: string; objectId: string }) => [r.loginName, r.objectId])).toEqual([['bulk', '1234']]);
    const byBoth = await post(t(), 'audit/pages', auditor.headers, { objectType: 'policy', objectId: '1234' });
    expect(byBoth.body.data).toMatchObject({ records: [], total: 0, totalCapped: false });
    const denied = await post(t(), 'audit/pages', auditor.headers, { result: 'denied', loginName: 'bulk' });
    expect(denied.body.data.records.map((r: { objectId: string }) => r.objectId)).toEqual(['7']);
    const byType = await post(t(), 'audit/pages', auditor.headers, { objectType: 'notice', action: 'notice.save', pageSize: 1 });
    expect(byType.body.data).toMatchObject({ total: 10_000, totalCapped: true });
  });

  it('says the same total on every page, whether it is counted or read off the last, short page', async () => {
    const auditor = await staffLogin(t(), 'auditor');
    for (let n = 0; n < 25; n++) await insertAudit(t().db, { action: 'notice.save', actorType: 'staff', loginName: 'pager', result: 'ok', ip: '10.0.0.2' });
    const page = async (currentPage: number) => (await post(t(), 'audit/pages', auditor.headers, { loginName: 'pager', currentPage, pageSize: 10 })).body.data;
    expect(await page(1)).toMatchObject({ total: 25, totalCapped: false });
    const last = await page(3);
    expect(last).toMatchObject({ total: 25, totalCapped: false });
    expect(last.records).toHaveLength(5);
    expect(await page(4)).toMatchObject({ records: [], total: 25, totalCapped: false });
  });

  it('keeps a search by action on its own index when the newest rows are all of another action', async () => {
    // Half a year of mixed actions, then a long session's searches on top (each search is a row).
    const now = Date.now();
    const actions = ['staff.login', 'notice.save', 'notice.publish', 'policy.save', 'appeal.accept', 'role.save'];
    const history = (n: number) => ({ at: new Date(now - 3_600_000 - (30_000 - n) * 500_000).toISOString(), action: actions[n % 6], actorType: 'staff', loginName: `s${n % 50}`, objectType: 'notice', objectId: String(n), result: 'ok', ip: '10.0.0.3' });
    const search = (n: number) => ({ at: new Date(now - 3_600_000 + n * 100).toISOString(), action: 'audit.search', actorType: 'staff', loginName: 'auditor', objectType: 'audit_log', result: 'ok', ip: '10.0.0.4' });
    for (const [make, count] of [[history, 30_000], [search, 20_000]] as const) {
      for (let done = 0; done < count; done += 1000) await t().db.insertInto('auditLog').values(Array.from({ length: 1000 }, (_, i) => make(done + i))).execute();
    }
    if (t().kind === 'postgres') await sql`analyze audit_log`.execute(t().db);
    const filter: AuditFilter = { loginName: undefined, objectType: undefined, objectId: undefined, result: undefined, dateTo: undefined, action: 'notice.publish', dateFrom: new Date(now + 8 * 3_600_000 - 30 * 86_400_000).toISOString().slice(0, 10) };

    const auditor = await staffLogin(t(), 'auditor');
    const res = await post(t(), 'audit/pages', auditor.headers, { ...filter, pageSize: 10 });
    const times = res.body.data.records.map((r: { action: string; at: string }) => (expect(r.action).toBe('notice.publish'), r.at));
    expect(times).toHaveLength(10);
    expect(times).toEqual([...times].sort().reverse());
    if (t().kind === 'postgres') expect(await planOf(t(), auditPageQuery(t().db, filter, { currentPage: 1, pageSize: 10 }))).toContain('audit_log_action_idx');
  });

  it('shows a deep page of the whole log as the rows at that offset, its ids read off the time index', async () => {
    const base = Date.now() - 86_400_000;
    const row = (n: number) => ({ at: new Date(base + n * 1000).toISOString(), action: 'notice.save', actorType: 'staff', loginName: `s${n % 7}`, objectType: 'notice', objectId: String(n), result: 'ok', ip: '10.0.0.6' });
    for (let done = 0; done < 5_000; done += 1000) await t().db.insertInto('auditLog').values(Array.from({ length: 1000 }, (_, i) => row(done + i))).execute();
    // As autovacuum leaves a table that grew over months: analysed, its visibility map set.
    if (t().kind === 'postgres') await sql`vacuum analyze audit_log`.execute(t().db);
    const all = await t().db.selectFrom('auditLog').select(['id', 'at', 'action', 'loginName', 'objectId', 'ip']).orderBy('at', 'desc').execute();

    const shown = await auditPage(t().db, {} as AuditFilter, { currentPage: 150, pageSize: 20 });
    expect(shown.map(({ id, at, action, loginName, objectId, ip }) => ({ id, at, action, loginName, objectId, ip }))).toEqual(all.slice(2980, 3000));

    const plan = await planOf(t(), auditPageQuery(t().db, {} as AuditFilter, { currentPage: 150, pageSize: 20 }));
    expect(plan).toMatch(t().kind === 'postgres' ? /Index Only Scan Backward using audit_log_at_idx/ : /COVERING INDEX audit_log_at_idx.*SCAN page/);
  });

  it('counts a rare result off the result index, even with one plan kept for every value', async () => {
    const at = new Date().toISOString();
    const row = (n: number) => ({ at, action: 'notice.save', actorType: 'staff', loginName: 'mixed', objectType: 'notice', objectId: String(n), result: n % 500 === 0 ? 'denied' : 'ok', ip: '10.0.0.5' });
    for (let done = 0; done < 20_000; done += 1000) await t().db.insertInto('auditLog').values(Array.from({ length: 1000 }, (_, i) => row(done + i))).execute();
    const auditor = await staffLogin(t(), 'auditor');
    const denied = await post(t(), 'audit/pages', auditor.headers, { result: 'denied', loginName: 'mixed', pageSize: 50 });
    expect(denied.body.data).toMatchObject({ total: 40, totalCapped: false });
    expect(denied.body.data.records.every((r: { result: string }) => r.result === 'denied')).toBe(true);
    if (t().kind === 'postgres') await sql`analyze audit_log`.execute(t().db);
    const plan = await planOf(t(), auditCountQuery(t().db, { result: 'denied' } as AuditFilter).select(sql<number>`1`.as('one')).limit(10_001));
    expect(plan).toContain('audit_log_result_idx');
    expect(plan).not.toMatch(/Seq Scan|SCAN audit_log/);
  });

  it('answers 400 with field messages for bad filters', async () => {
    const auditor = await staffLogin(t(), 'auditor');
    const res = await post(t(), 'audit/pages', auditor.headers, { dateFrom: '2026-13', dateTo: '2026-01-01', result: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toMatchObject({ dateFrom: '开始日期不是有效的日期，应为 年-月-日，如 2026-01-05', result: '结果不正确' });
    const order = await post(t(), 'audit/pages', auditor.headers, { dateFrom: '2026-02-01', dateTo: '2026-01-01' });
    expect(order.body.data.fields.dateTo).toBe('结束日期不能早于开始日期');
  });

  it('exports CSV with a BOM, Chinese headers, formulas defused, and records the export', async () => {
    const auditor = await staffLogin(t(), 'auditor');
    await insertAudit(t().db, { action: 'staff.login_failed', actorType: 'staff', loginName: '=HYPERLINK("x")', result: 'failed', ip: '10.0.0.9', detail: '密码错误, "引号"' });
    const res = await t().app.inject({ method: 'GET', url: '/console/api/audit/export?action=staff.login_failed', headers: auditor.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('时间（北京时间）,账号,身份,操作,操作代码,对象类型,对象编号,结果,IP 地址,说明,提交内容（已脱敏）,浏览器');
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""x"")"`) && l.includes('工作人员登录失败') && l.includes('"密码错误, ""引号"""'))).toBe(true);
    const recorded = await post(t(), 'audit/pages', auditor.headers, { action: 'audit.export', loginName: auditor.staff.loginName });
    expect(recorded.body.data.records[0]).toMatchObject({ result: 'ok', changes: expect.stringContaining('staff.login_failed') });
  });

  it('三权分立: the sysadmin and business staff see no audit log; the auditor nothing else', async () => {
    for (const role of ['sysadmin', 'editor', 'dispatcher'] as const) {
      const s = await staffLogin(t(), role);
      expect((await post(t(), 'audit/pages', s.headers, {})).status).toBe(403);
      expect((await t().call({ method: 'GET', url: '/console/api/audit/export', headers: s.headers })).status).toBe(403);
    }
    const auditor = await staffLogin(t(), 'auditor');
    expect((await post(t(), 'staff/pages', auditor.headers, {})).status).toBe(403);
    expect((await t().call({ method: 'GET', url: '/console/api/role/list', headers: auditor.headers })).status).toBe(403);
    expect((await post(t(), 'department/save', auditor.headers, { name: '审计员建的科' })).status).toBe(403);
    const ent = await signUpAndLogin(t());
    expect((await post(t(), 'audit/pages', ent.headers, {})).status).toBe(401);
  });

  it('is append-only: the database refuses changes, and deletes before 180 days', async () => {
    await insertAudit(t().db, { action: 'staff.login', actorType: 'staff', loginName: 'append-only', result: 'ok', ip: '10.0.0.1' });
    await expect(t().db.updateTable('auditLog').set({ result: 'failed' }).where('loginName', '=', 'append-only').execute()).rejects.toThrow(/append-only/);
    await expect(t().db.deleteFrom('auditLog').where('loginName', '=', 'append-only').execute()).rejects.toThrow(/append-only/);
    const old = new Date(Date.now() - 181 * 86_400_000).toISOString();
    await t().db.insertInto('auditLog').values({ at: old, action: 'staff.login', actorType: 'staff', loginName: 'ancient', result: 'ok', ip: '10.0.0.1' }).execute();
    await t().db.deleteFrom('auditLog').where('loginName', '=', 'ancient').execute();
    const left = await t().db.selectFrom('auditLog').select(sql<number>`count(*)`.as('n')).where('loginName', 'in', ['append-only', 'ancient']).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(1);
  });
});
