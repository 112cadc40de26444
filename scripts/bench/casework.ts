import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { AppealStatus } from '#contract/appeal.ts';
import type { DeclareStatus } from '#contract/declare-ent.ts';
import { usccCheckChar } from '#contract/validators.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import type { Db } from '#server/db/database.ts';
import { call } from './accounts.ts';
import { consoleLatencyRow, consoleLogin } from './console-session.ts';
import { openBenchDb } from './databases.ts';
import { add, check } from './report.ts';
import type { BenchServer } from './server.ts';

/**
 * Figures of the staff workflows (docs/console.md "Workflows"): with 100,000 appeals and 100,000 declarations, the
 * queues and the dashboard as the demo dispatcher, handler and reviewer see them (p99 under
 * 20 ms at 10 connections), and a 10,000-row 免申即享 list imported through the real multipart
 * calls (preview + commit under 10 s, the server under 300 MB meanwhile). The records are
 * written straight into the bench database in transactions of 1,000, through the server's own
 * Kysely setup, with a spread of states and dates like a year of a zone's work.
 */
const APPEALS = Number(process.env.BENCH_APPEALS ?? 100_000);
const DECLARATIONS = Number(process.env.BENCH_DECLARATIONS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const IMPORT_BUDGET_S = 10;
const IMPORT_RSS_BUDGET_MB = 300;
const BATCH = 1000;
const DAY = 86_400_000;
const GROUP = '管理后台 · 业务办理';

const iso = (t: number) => new Date(t).toISOString();
/** A valid USCC (check digit right) for a number: 9131 0115 + 9 digits + the check character. */
export function benchUscc(n: number): string {
  const first17 = `91310115${String(n).padStart(9, '0')}`;
  return first17 + usccCheckChar(first17)!;
}

async function inBatches<T>(db: Db, total: number, make: (n: number) => T, write: (trx: Db, rows: T[]) => Promise<unknown>) {
  for (let done = 0; done < total; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, total - done) }, (_, i) => make(done + i));
    await db.transaction().execute((trx) => write(trx as unknown as Db, rows));
  }
}

/** Enterprises with one user each, enough that every (project, enterprise) pair of a declaration is its own. */
async function writeEnterprises(db: Db, count: number, now: number): Promise<{ enterpriseId: number; userId: number; name: string }[]> {
  const out: { enterpriseId: number; userId: number; name: string }[] = [];
  await inBatches(
    db,
    count,
    (n) => ({ n, name: `上海基准${String(n).padStart(5, '0')}科技有限公司` }),
    async (trx, rows) => {
      const stamp = iso(now - 400 * DAY);
      const ents = await trx
        .insertInto('enterprise')
        .values(rows.map((r) => ({ name: r.name, uscc: benchUscc(r.n), contactName: '张经理', contactPhone: `139${String(r.n).padStart(8, '0')}`, legalPerson: null, createdAt: stamp, updatedAt: stamp })))
        .returning('id')
        .execute();
      const users = await trx
        .insertInto('userAccount')
        .values(rows.map((r, i) => ({ phone: `139${String(r.n).padStart(8, '0')}`, passwordHash: null, nickName: '张经理', enterpriseId: ents[i].id, avatar: null, lockedUntil: null, createdAt: stamp, updatedAt: stamp })))
        .returning('id')
        .execute();
      rows.forEach((r, i) => out.push({ enterpriseId: ents[i].id, userId: users[i].id, name: r.name }));
    },
  );
  return out;
}

/**
 * A year of appeals, newest last: most are done (已办结 / 已评价), a few hundred wait to be
 * accepted, a few thousand are in hand; deadlines as the workflow sets them, so that some of
 * each queue are 超期 and some 临期. Every 40th evaluated one was rated 不满意 and has a follow-up.
 */
async function writeAppeals(db: Db, ents: { enterpriseId: number; userId: number }[], departments: number[], now: number) {
  const followUps: { appealId: number; departmentId: number; level: number; createdAt: string; dueAt: string; open: boolean }[] = [];
  await inBatches(
    db,
    APPEALS,
    (n) => {
      const created = now - (APPEALS - n) * ((365 * DAY) / APPEALS) - (n % 7) * 3_600_000;
      const age = (now - created) / DAY;
      // Recent work is still open; the rest went through to the end.
      const status: AppealStatus = age < 3 && n % 3 === 0 ? 'pending' : age < 25 && n % 4 !== 0 ? 'processing' : n % 50 === 0 ? 'rejected' : n % 61 === 0 ? 'withdrawn' : n % 3 === 0 ? 'resolved' : 'evaluated';
      const who = ents[n % ents.length];
      const departmentId = status === 'pending' || status === 'rejected' || status === 'withdrawn' ? null : departments[n % departments.length];
      const acceptDeadlineAt = addWorkingDays(new Date(created), 1).toISOString();
      const accepted = created + 3 * 3_600_000;
      const replyDeadlineAt = status === 'pending' || status === 'rejected' || status === 'withdrawn' ? null : addWorkingDays(new Date(accepted), 5).toISOString();
      const replied = Math.min(now - 3_600_000, accepted + (2 + (n % 6)) * DAY);
      const done = status === 'resolved' || status === 'evaluated';
      const level = status === 'evaluated' ? (n % 40 === 0 ? 4 : 1 + (n % 3)) : null;
      const revisitDeadlineAt = done ? addWorkingDays(new Date(replied), 2).toISOString() : null;
      const revisited = done && now - replied > 3 * DAY;
      const dueAt = status === 'pending' ? acceptDeadlineAt : status === 'processing' ? replyDeadlineAt : done && !revisited ? revisitDeadlineAt : null;
      return {
        enterpriseId: who.enterpriseId,
        userId: who.userId,
        title: `${['关于', '咨询', '反映', '申请协调'][n % 4]}第 ${n} 号事项：${['厂房租金补贴', '员工子女入学', '通关时效', '用电增容', '人才公寓'][n % 5]}`,
        type: String(1 + (n % 6)),
        content: '企业反映的具体情况与诉求，长度与真实诉求相当。'.repeat(6),
        contactName: '张经理',
        contactPhone: '13900000000',
        isPublic: n % 2,
        status,
        rejectReason: status === 'rejected' ? '不属于本局受理范围，请向区市场监管局反映' : null,
        reply: done ? '已协调相关部门办理，具体情况如下。' : null,
        repliedAt: done ? iso(replied) : null,
        acceptedAt: status === 'pending' || status === 'rejected' || status === 'withdrawn' ? null : iso(accepted),
        acceptDeadlineAt,
        replyDeadlineAt,
        evaluationLevel: level,
        evaluationComment: level === 4 ? '问题没有实际解决' : null,
        evaluatedAt: level ? iso(replied + DAY) : null,
        createdAt: iso(created),
        updatedAt: iso(done ? replied : created),
        departmentId,
        dueAt,
        assignedAt: departmentId ? iso(accepted + 3_600_000) : null,
        signDeadlineAt: departmentId ? addWorkingDays(new Date(accepted + 3_600_000), 1).toISOString() : null,
        signedAt: departmentId && n % 9 !== 0 ? iso(accepted + 5 * 3_600_000) : null,
        extensionStatus: status === 'processing' && n % 97 === 0 ? 'requested' : null,
        extensionDays: status === 'processing' && n % 97 === 0 ? 3 : null,
        extensionReason: status === 'processing' && n % 97 === 0 ? '需协调市级部门' : null,
        revisitDeadlineAt,
        revisitedAt: revisited ? iso(replied + DAY) : null,
        unpublishReason: null,
      };
    },
    async (trx, rows) => {
      const ids = await trx.insertInto('appeal').values(rows).returning('id').execute();
      rows.forEach((r, i) => {
        if (r.evaluationLevel === 4 && r.evaluatedAt && r.departmentId) {
          const open = now - Date.parse(r.evaluatedAt) < 30 * DAY;
          followUps.push({ appealId: ids[i].id, departmentId: r.departmentId, level: 4, createdAt: r.evaluatedAt, dueAt: addWorkingDays(r.evaluatedAt, 5).toISOString(), open });
        }
      });
    },
  );
  await inBatches(
    db,
    followUps.length,
    (n) => {
      const f = followUps[n];
      return {
        appealId: f.appealId,
        departmentId: f.departmentId,
        evaluationLevel: f.level,
        evaluationComment: '问题没有实际解决',
        status: f.open ? (n % 2 ? 'open' : 'verified') : 'fed_back',
        dueAt: f.dueAt,
        verification: f.open && n % 2 ? null : '已核实',
        verifiedAt: f.open && n % 2 ? null : f.createdAt,
        feedback: f.open ? null : '已整改并反馈',
        fedBackAt: f.open ? null : f.dueAt,
        createdAt: f.createdAt,
      } as const;
    },
    (trx, rows) => trx.insertInto('appealFollowUp').values(rows).execute(),
  );
  return followUps.length;
}

/** Declarations over the projects: most reviewed, some waiting (a share of them past the 10 working days), a few returned or drafts. */
async function writeDeclarations(db: Db, ents: { enterpriseId: number; userId: number; name: string }[], projects: { id: number; amountMax: number | null }[], now: number) {
  await inBatches(
    db,
    DECLARATIONS,
    (n) => {
      const project = projects[n % projects.length];
      const who = ents[Math.floor(n / projects.length)];
      const submitted = now - (DECLARATIONS - n) * ((300 * DAY) / DECLARATIONS);
      const age = (now - submitted) / DAY;
      const status: DeclareStatus = n % 23 === 0 ? 'draft' : age < 30 && n % 3 !== 0 ? 'submitted' : n % 11 === 0 ? 'returned' : n % 7 === 0 ? 'refused' : 'approved';
      const reviewed = status === 'approved' || status === 'refused' || status === 'returned' ? submitted + 6 * DAY : null;
      const applied = Math.min(project.amountMax ?? 500_000, 50_000 + (n % 20) * 10_000);
      return {
        projectId: project.id,
        enterpriseId: who.enterpriseId,
        userId: who.userId,
        status,
        enterpriseName: who.name,
        uscc: null,
        legalPerson: '张三',
        contactName: '张经理',
        contactPhone: '13900000000',
        provinceCode: '310000',
        cityCode: '310100',
        countyCode: '310115',
        address: '中国（上海）自由贸易试验区',
        content: '申报内容说明。'.repeat(10),
        amountApplied: applied,
        materials: '[]',
        amountApproved: status === 'approved' ? applied : null,
        reviewNote: status === 'returned' ? '请补充 2025 年度审计报告' : status === 'refused' ? '不符合申报条件' : null,
        submittedAt: status === 'draft' ? null : iso(submitted),
        reviewedAt: reviewed ? iso(reviewed) : null,
        reviewDueAt: status === 'submitted' ? addWorkingDays(new Date(submitted), 10).toISOString() : null,
        resubmitDueAt: status === 'returned' && reviewed ? addWorkingDays(new Date(reviewed), 5).toISOString() : null,
        evaluationLevel: null,
        evaluationComment: null,
        evaluatedAt: null,
        createdAt: iso(submitted - DAY),
        updatedAt: iso(reviewed ?? submitted),
      };
    },
    (trx, rows) => trx.insertInto('declareEnt').values(rows).execute(),
  );
}

interface Written {
  seconds: number;
  appeals: number;
  declarations: number;
  followUps: number;
  enterprises: { uscc: string; name: string }[];
  freeProjectId: number;
  handlerDepartmentId: number;
  projectId: number;
}

export async function writeCasework(env: Record<string, string>): Promise<Written> {
  const db = openBenchDb(env);
  const started = Date.now();
  try {
    const now = Date.now();
    const departments = (await db.selectFrom('department').select('id').orderBy('id').execute()).map((d) => d.id);
    const handler = await db.selectFrom('staffAccount').select('departmentId').where('loginName', '=', 'handler').executeTakeFirstOrThrow();
    const projects = await db.selectFrom('declareProject').select(['id', 'amountMax']).orderBy('id').execute();
    if (!projects.length || !departments.length) throw new Error('演示数据里没有申报项目或部门');
    const ents = await writeEnterprises(db, Math.ceil(DECLARATIONS / projects.length) + 1, now);
    const followUps = await writeAppeals(db, ents, departments, now);
    await writeDeclarations(db, ents, projects, now);
    // The 免申即享 project the list is imported into: its range admits the file's amounts.
    const stamp = iso(now - 10 * DAY);
    const { id: freeProjectId } = await db
      .insertInto('freeProject')
      .values({ name: '基准测试：稳岗留工补贴（免申即享）', category: 'tech', department: '经济发展局', policyId: null, amountMin: 10_000, amountMax: 1_000_000, conditions: '区内参保企业', content: '<p>基准测试项目</p>', publishAt: stamp, createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    // On PostgreSQL, tables that grew to 100,000 rows over months were vacuumed and analysed by
    // autovacuum on the way; here they grew in seconds. SQLite keeps no statistics unless told
    // (the server never runs ANALYZE), so it is measured without.
    if (env.DATABASE_URL) for (const t of ['enterprise', 'user_account', 'appeal', 'appeal_follow_up', 'declare_ent']) await sql`vacuum analyze ${sql.table(t)}`.execute(db);
    const count = async (t: 'appeal' | 'declareEnt') => Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return {
      seconds: (Date.now() - started) / 1000,
      appeals: await count('appeal'),
      declarations: await count('declareEnt'),
      followUps,
      enterprises: ents.map((e, i) => ({ uscc: benchUscc(i), name: e.name })),
      freeProjectId,
      handlerDepartmentId: handler.departmentId!,
      projectId: projects[0].id,
    };
  } finally {
    await db.destroy();
  }
}

/** A 10,000-row list as a person fills the template: three in ten enterprises already registered, the rest new. */
async function importFile(w: Written): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('名单');
  sheet.addRow(['统一社会信用代码', '企业名称', '金额（万元）', '符合条件', '数据来源']);
  for (let i = 0; i < IMPORT_ROWS; i++) {
    // Each registered enterprise once (a repeated USCC is a bad row the preview flags).
    const known = i % 10 < 3 && i < w.enterprises.length ? w.enterprises[i] : null;
    const uscc = known?.uscc ?? benchUscc(500_000_000 + i);
    sheet.addRow([uscc, known?.name ?? `上海导入${String(i).padStart(5, '0')}贸易有限公司`, 1 + (i % 50), '2025 年参保人数不减', '区人社局']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function measureImport(s: BenchServer, db: string, w: Written, headers: Record<string, string>) {
  const file = await importFile(w);
  const form = new FormData();
  form.set('projectId', String(w.freeProjectId));
  form.set('file', new Blob([new Uint8Array(file)]), '稳岗留工补贴名单.xlsx');
  let peak = s.rssMb();
  const before = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, s.rssMb())), 50);
  const cpuBefore = s.cpuMs();
  const t0 = performance.now();
  try {
    const previewRes = await fetch(`${s.origin}/console/api/free-declare/import/preview`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(60_000) });
    const preview = (await previewRes.json()) as { code: number; msg: string; data: { batchId: string; rows: { errors: string[] }[] } };
    if (preview.code !== 0) throw new Error(`名单预览失败：${previewRes.status} ${preview.msg}`);
    const t1 = performance.now();
    const commitRes = await fetch(`${s.origin}/console/api/free-declare/import/commit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ batchId: preview.data.batchId }),
      signal: AbortSignal.timeout(60_000),
    });
    const commit = (await commitRes.json()) as { code: number; msg: string; data: { created: number; skipped: number } };
    if (commit.code !== 0) throw new Error(`名单导入失败：${commitRes.status} ${commit.msg}`);
    const t2 = performance.now();
    peak = Math.max(peak, s.rssMb());
    const seconds = (t2 - t0) / 1000;
    const bad = preview.data.rows.filter((r) => r.errors.length).length;
    add({
      group: GROUP,
      name: `免申即享名单导入 ${IMPORT_ROWS.toLocaleString('en-US')} 行 XLSX（预览 + 确认）`,
      db,
      value: `${seconds.toFixed(1)} 秒（预览 ${((t1 - t0) / 1000).toFixed(1)} 秒，确认 ${((t2 - t1) / 1000).toFixed(1)} 秒；新增 ${commit.data.created}，跳过 ${commit.data.skipped}，问题行 ${bad}；文件 ${(file.length / 1024).toFixed(0)} KB；服务 CPU ${((s.cpuMs() - cpuBefore) / 1000).toFixed(1)} 秒）`,
      budget: `< ${IMPORT_BUDGET_S} 秒`,
      verdict: check(seconds < IMPORT_BUDGET_S && commit.data.created === IMPORT_ROWS && bad === 0),
      data: { seconds, preview: (t1 - t0) / 1000, commit: (t2 - t1) / 1000, ...commit.data },
    });
    add({
      group: GROUP,
      name: '名单导入期间服务进程常驻内存峰值',
      db,
      value: `${peak.toFixed(0)} MB（导入前 ${before.toFixed(0)} MB）`,
      budget: `< ${IMPORT_RSS_BUDGET_MB} MB`,
      verdict: check(peak < IMPORT_RSS_BUDGET_MB),
      data: { peakMb: peak, beforeMb: before },
    });
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The dashboard's figures are kept until a write to their tables (db/while-unchanged.ts), so the
 * rows above, with nobody writing, time the kept figures. Here the same call is timed while the
 * dispatcher accepts about ten work orders a second through the API, each accept making the next
 * dashboard count every queue again: a busy bureau's morning.
 */
async function dashboardWhileAccepting(s: BenchServer, db: string, dispatcher: Record<string, string>, dashboard: { url: string; method: 'GET' }) {
  const pending = await call<{ records: { id: number }[] }>(s.origin, '/console/api/appeal/pages', { body: { status: 'pending', pageSize: 100 }, headers: dispatcher });
  if (pending.code !== 0) throw new Error(`读取待受理工单失败：${pending.status} ${pending.msg}`);
  let accepted = 0;
  let stop = false;
  const writer = (async () => {
    for (const { id } of pending.data.records) {
      if (stop) return;
      const res = await call(s.origin, '/console/api/appeal/accept', { body: { id, note: '受理' }, headers: dispatcher });
      if (res.code === 0) accepted++;
      await sleep(100);
    }
  })();
  try {
    const r = await consoleLatencyRow(s, { group: GROUP, db, name: '工作台 受理员（同时每秒受理约 10 件工单）' }, { ...dashboard, headers: dispatcher });
    add({ group: GROUP, name: '工作台 受理员 · 压测期间受理的工单', db, value: `${accepted} 件（工作台数字因此重新统计的次数上限；共 ${r.requests.toLocaleString('en-US')} 次调用）`, budget: '报告', verdict: '信息' });
  } finally {
    stop = true;
    await writer;
  }
}

export async function caseworkFigures(s: BenchServer, db: string, env: Record<string, string>) {
  const w = await writeCasework(env);
  add({
    group: GROUP,
    name: '诉求工单与申报（表中行数）',
    db,
    value: `诉求 ${w.appeals.toLocaleString('en-US')} 条，申报 ${w.declarations.toLocaleString('en-US')} 条，差评整改 ${w.followUps.toLocaleString('en-US')} 条（写入 ${w.seconds.toFixed(1)} 秒）`,
    budget: `各 ≥ ${Math.min(APPEALS, DECLARATIONS).toLocaleString('en-US')}`,
    verdict: check(w.appeals >= APPEALS && w.declarations >= DECLARATIONS),
  });
  const [dispatcher, handler, reviewer] = [await consoleLogin(s.origin, 'dispatcher'), await consoleLogin(s.origin, 'handler'), await consoleLogin(s.origin, 'reviewer')];
  const total = (page: { total: number }) => `共 ${page.total.toLocaleString('en-US')} 条`;
  const row = (name: string) => ({ group: GROUP, db, name: (page: { total: number }) => `${name}（${total(page)}）` });
  const post = (path: string, headers: Record<string, string>, body: object) => ({ url: `${s.origin}${path}`, method: 'POST' as const, headers, body });
  const appeals = '/console/api/appeal/pages';
  await consoleLatencyRow(s, row('工单列表 受理员 全部第 1 页'), post(appeals, dispatcher, { currentPage: 1, pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 受理员 全部第 100 页'), post(appeals, dispatcher, { currentPage: 100, pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 受理员 待受理'), post(appeals, dispatcher, { status: 'pending', pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 受理员 办理中'), post(appeals, dispatcher, { status: 'processing', pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 受理员 超期'), post(appeals, dispatcher, { overdue: true, pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 受理员 临期'), post(appeals, dispatcher, { dueSoon: true, pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 受理员 延期待审批'), post(appeals, dispatcher, { extensionRequested: true, pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 受理员 按部门'), post(appeals, dispatcher, { departmentId: w.handlerDepartmentId, pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 受理员 已办结'), post(appeals, dispatcher, { status: 'resolved', pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 办理人 本部门第 1 页'), post(appeals, handler, { currentPage: 1, pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 办理人 本部门超期'), post(appeals, handler, { overdue: true, pageSize: 10 }));
  await consoleLatencyRow(s, row('工单列表 办理人 本部门临期'), post(appeals, handler, { dueSoon: true, pageSize: 10 }));
  await consoleLatencyRow(s, row('差评整改列表 第 1 页'), post('/console/api/evaluation/pages', dispatcher, { currentPage: 1, pageSize: 10 }));
  await consoleLatencyRow(s, row('差评整改列表 超期'), post('/console/api/evaluation/pages', dispatcher, { overdue: true, pageSize: 10 }));
  await consoleLatencyRow(s, row('差评整改列表 已反馈'), post('/console/api/evaluation/pages', dispatcher, { status: 'fed_back', pageSize: 10 }));
  const reviews = '/console/api/declare-ent/pages';
  await consoleLatencyRow(s, row('申报审核队列 全部第 1 页'), post(reviews, reviewer, { currentPage: 1, pageSize: 10 }));
  await consoleLatencyRow(s, row('申报审核队列 待审核'), post(reviews, reviewer, { status: 'submitted', pageSize: 10 }));
  await consoleLatencyRow(s, row('申报审核队列 超期'), post(reviews, reviewer, { overdue: true, pageSize: 10 }));
  await consoleLatencyRow(s, row('申报审核队列 临期'), post(reviews, reviewer, { dueSoon: true, pageSize: 10 }));
  await consoleLatencyRow(s, row('申报审核队列 退回修改中'), post(reviews, reviewer, { status: 'returned', pageSize: 10 }));
  await consoleLatencyRow(s, row('申报审核队列 一个项目的待审核'), post(reviews, reviewer, { projectId: w.projectId, status: 'submitted', pageSize: 10 }));
  // The review page asks for the projects with their waiting counts on every visit.
  await consoleLatencyRow(s, { group: GROUP, db, name: '申报审核 项目及待审核数' }, { url: `${s.origin}/console/api/declare-ent/projects`, method: 'GET', headers: reviewer });
  const dashboard = { url: `${s.origin}/console/api/dashboard`, method: 'GET' as const };
  for (const [who, headers] of [['受理员', dispatcher], ['办理人', handler], ['审核员', reviewer]] as const) {
    await consoleLatencyRow(s, { group: GROUP, db, name: `工作台 ${who}` }, { ...dashboard, headers });
  }
  await dashboardWhileAccepting(s, db, dispatcher, dashboard);
  await measureImport(s, db, w, reviewer);
}
