import { sql } from 'kysely';
import { formatDate } from '#contract/format.ts';
import { call } from './accounts.ts';
import { consoleLatencyRow, consoleLogin } from './console-session.ts';
import { openBenchDb } from './databases.ts';
import { add, check } from './report.ts';
import type { BenchServer } from './server.ts';

/**
 * Figures of the staff console (docs/console.md): the auditor's audit-log list over 100,000 rows, with
 * each filter the page offers, p99 under 20 ms at 10 connections. The rows are written straight
 * into the bench database (spread over 180 days, 200 people, the console's actions); the calls go
 * through the real two-step sign-in of the demo auditor.
 */
const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 100_000);
const ACTIONS = ['staff.login', 'staff.login_failed', 'staff.logout', 'notice.save', 'notice.submit', 'notice.publish', 'policy.save', 'appeal.accept', 'appeal.reply', 'staff.create', 'role.save', 'audit.search'];
const OBJECTS = ['notice', 'policy', 'appeal', 'staff', 'department'];

/** 100,000 rows, a transaction of 1,000 at a time, through the server's own Kysely setup. */
async function writeAuditRows(env: Record<string, string>): Promise<{ seconds: number; rows: number }> {
  const db = openBenchDb(env);
  const started = Date.now();
  try {
    const now = Date.now();
    for (let done = 0; done < AUDIT_ROWS; done += 1000) {
      const rows = Array.from({ length: Math.min(1000, AUDIT_ROWS - done) }, (_, i) => {
        const n = done + i;
        const action = ACTIONS[n % ACTIONS.length];
        const objectType = action.startsWith('staff.login') || action === 'staff.logout' ? 'staff' : OBJECTS[n % OBJECTS.length];
        return {
          // Oldest first, newest now: ids and times grow together as in real use.
          at: new Date(now - (AUDIT_ROWS - n) * ((180 * 86_400_000) / AUDIT_ROWS)).toISOString(),
          action,
          actorType: 'staff',
          staffId: 1 + (n % 200),
          loginName: `staff${String(n % 200).padStart(3, '0')}`,
          objectType,
          objectId: String(1 + (n % 5000)),
          result: n % 29 === 0 ? 'denied' : n % 13 === 0 ? 'failed' : 'ok',
          ip: `10.1.${n % 250}.${1 + (n % 200)}`,
          userAgent: 'Mozilla/5.0 (bench)',
          detail: null,
          changes: JSON.stringify({ id: 1 + (n % 5000), title: `第 ${n} 条操作的标题` }),
        };
      });
      await db.transaction().execute((trx) => trx.insertInto('auditLog').values(rows).execute());
    }
    // A table that grew to 100,000 rows over months has been vacuumed by autovacuum on the way
    // (its visibility map lets the capped count read the index alone); here it grew in seconds.
    if (env.DATABASE_URL) await sql`vacuum analyze audit_log`.execute(db);
    const seconds = (Date.now() - started) / 1000;
    // Every row in the table (the bench's and the sign-ins'), counted here: the list counts at most 10,000.
    const { n } = await db.selectFrom('auditLog').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { seconds, rows: Number(n) };
  } finally {
    await db.destroy();
  }
}

export async function consoleFigures(s: BenchServer, db: string, env: Record<string, string>) {
  const group = '管理后台';
  const written = await writeAuditRows(env);
  const headers = await consoleLogin(s.origin, 'auditor');
  // The list counts at most 10,000 matches and says so ("超过 10,000 条，请缩小筛选范围"): the
  // volume is checked in the table itself, and the row prints what the auditor's page shows.
  const first = (await call<{ total: number; totalCapped: boolean }>(s.origin, '/console/api/audit/pages', { body: { pageSize: 1 }, headers })).data;
  const shown = first.totalCapped ? `超过 ${first.total.toLocaleString('en-US')} 条` : `共 ${first.total.toLocaleString('en-US')} 条`;
  add({
    group,
    name: '审计日志（表中行数）',
    db,
    value: `${written.rows.toLocaleString('en-US')} 条（写入 ${written.seconds.toFixed(1)} 秒；列表显示「${shown}」）`,
    budget: `≥ ${AUDIT_ROWS.toLocaleString('en-US')}`,
    verdict: check(written.rows >= AUDIT_ROWS && (written.rows <= first.total || first.totalCapped)),
  });
  const recent = formatDate(new Date(Date.now() - 30 * 86_400_000));
  const scenarios: [string, object][] = [
    ['第 1 页（不筛选）', { currentPage: 1, pageSize: 10 }],
    ['第 500 页（不筛选）', { currentPage: 500, pageSize: 10 }],
    ['按人员', { loginName: 'staff042', pageSize: 10 }],
    ['按操作与近 30 天', { action: 'notice.publish', dateFrom: recent, pageSize: 10 }],
    ['按对象', { objectType: 'notice', objectId: '1234', pageSize: 10 }],
    ['按结果（无权限）', { result: 'denied', pageSize: 10 }],
  ];
  for (const [name, body] of scenarios) {
    // Every search is itself an audit row: the measured call writes one too, as in real use.
    await consoleLatencyRow(s, { group, name: `审计日志列表 ${name}`, db }, { url: `${s.origin}/console/api/audit/pages`, method: 'POST', headers, body });
  }
}
