import { loadavg } from 'node:os';
import { ACCESS_COOKIE } from '#contract/account.ts';
import type { Rule } from '#contract/match-rules.ts';
import type { Db } from '#server/db/database.ts';
import { login, call } from './accounts.ts';
import { consoleLogin } from './console-session.ts';
import { openBenchDb } from './databases.ts';
import { BENCH_REDIS_URL, listening, withCpu, withServer } from './harness.ts';
import { load } from './load.ts';
import { add, check, ms, perSecond } from './report.ts';

/**
 * 政策找人's budgets (docs/matching.md): 10,000 enterprises with profiles and 200 open projects
 * with rules, on a production server at the default log level. /api/match/mine p99; a project
 * published to all 10,000 (matched, claimed, messaged, opted-in ones texted) while enterprises keep
 * asking /api/match/mine; the console's preview. Sessions are opened on a test server (fixed
 * codes) and carried over through Redis, as in logged-in.ts.
 */
const ENTERPRISES = 10_000;
const PROJECTS = 200;
/** One in ten enterprises asked for pushes by SMS. */
const SMS_EVERY = 10;
const BUDGET = { mineP99: 30, publishSeconds: 5, othersP99: 50, previewMs: 500 };
const GROUP = '政策找人';
const TARGET = '基准测试：全体企业适用的稳岗补助';

/** A repeatable sequence, so every run matches the same enterprises. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const INDUSTRIES = ['C', 'F', 'G', 'I', 'L', 'M'];
const QUALIFICATIONS = ['hnte', 'tech-sme', 'srdi', 'little-giant', 'aeo', 'bonded-repair', 'general-taxpayer'];

/** Three conditions each, a few in a hundred enterprises eligible for each project, as a zone's projects are. */
function ruleOf(i: number): Rule {
  return {
    all: [
      { attr: 'industry', op: 'in', value: [INDUSTRIES[i % 6], INDUSTRIES[(i + 1) % 6]] },
      { attr: 'revenue', op: 'gte', value: 2_000 + (i % 10) * 3_000 },
      { any: [{ attr: 'qualifications', op: 'has', value: QUALIFICATIONS[i % 7] }, { attr: 'rdRatio', op: 'gte', value: 15 }] },
    ],
  } as Rule;
}

async function insertChunks<T>(rows: T[], write: (part: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** The enterprises, their profiles (one in ten lacks one attribute; revenue verified for a third), the SMS opt-ins and the projects. */
async function writeData(db: Db): Promise<number> {
  const rnd = random(45);
  const now = new Date().toISOString();
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
  await insertChunks(
    Array.from({ length: ENTERPRISES }, (_, i) => ({ name: `基准测试企业${i + 1}有限公司`, uscc: `91310000MB${String(i + 1).padStart(8, '0')}`, contactName: '测试', contactPhone: '02100000000' })),
    (part) => db.insertInto('enterprise').values(part).execute(),
  );
  const ids = (await db.selectFrom('enterprise').select('id').where('uscc', 'like', '91310000MB%').orderBy('id').execute()).map((r) => r.id);
  const attributes: { enterpriseId: number; attr: string; source: string; value: string; department: string | null; updatedAt: string }[] = [];
  for (const id of ids) {
    const values: Record<string, unknown> = {
      industry: INDUSTRIES[Math.floor(rnd() * 6)],
      scale: ['large', 'medium', 'small', 'micro'][Math.floor(rnd() * 4)],
      foundedOn: `${2000 + Math.floor(rnd() * 24)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`,
      employees: Math.floor(rnd() * 2_000),
      revenue: Math.round(rnd() * 30_000),
      rdRatio: Math.round(rnd() * 200) / 10,
      importExport: Math.round(rnd() * 20_000),
      qualifications: QUALIFICATIONS.filter(() => rnd() < 0.2),
    };
    if (rnd() < 0.1) delete values[['industry', 'revenue', 'rdRatio', 'qualifications'][Math.floor(rnd() * 4)]];
    for (const [attr, value] of Object.entries(values)) {
      const verified = attr === 'revenue' && rnd() < 0.33;
      attributes.push({ enterpriseId: id, attr, source: verified ? 'verified' : 'self', value: JSON.stringify(value), department: verified ? '税务局' : null, updatedAt: now });
    }
  }
  await insertChunks(attributes, (part) => db.insertInto('enterpriseAttribute').values(part).execute());
  const subscribed = ids.filter((_, i) => i % SMS_EVERY === 0);
  await insertChunks(
    subscribed.map((enterpriseId, i) => ({ phone: `139${String(i).padStart(8, '0')}`, passwordHash: null, nickName: '测试', enterpriseId })),
    (part) => db.insertInto('userAccount').values(part).execute(),
  );
  const users = await db.selectFrom('userAccount').select(['id', 'enterpriseId']).where('phone', 'like', '139%').execute();
  await insertChunks(
    users.map((u) => ({ enterpriseId: u.enterpriseId!, userId: u.id, createdAt: now })),
    (part) => db.insertInto('pushSmsOptIn').values(part).execute(),
  );
  const project = (i: number) => ({ name: `基准测试项目${i + 1}`, category: 'tech', department: '科技创新局', policyId: null, amountMin: null, amountMax: 500_000, conditions: '见匹配条件', content: '<p>基准测试</p>', rules: JSON.stringify(ruleOf(i)) });
  const declares = PROJECTS * 0.75;
  await db
    .insertInto('declareProject')
    .values(Array.from({ length: declares }, (_, i) => ({ ...project(i), applyStart: day(-1), applyEnd: day(60), enabled: 1 })))
    .execute();
  await db
    .insertInto('freeProject')
    .values(Array.from({ length: PROJECTS - declares }, (_, i) => ({ ...project(declares + i), status: 'published', publishAt: now })))
    .execute();
  const target = await db
    .insertInto('declareProject')
    .values({ ...project(0), name: TARGET, rules: JSON.stringify({ attr: 'employees', op: 'gte', value: 0 }), applyStart: day(-1), applyEnd: day(60), enabled: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The demo account's enterprise is the one asking /api/match/mine.
  const demo = await db.selectFrom('userAccount').select('enterpriseId').where('phone', '=', '13800138000').executeTakeFirstOrThrow();
  await db.deleteFrom('enterpriseAttribute').where('enterpriseId', '=', demo.enterpriseId!).execute();
  await db.insertInto('enterpriseAttribute').values(attributes.slice(0, 8).map((a) => ({ ...a, enterpriseId: demo.enterpriseId! }))).execute();
  return target.id;
}

const pushCount = async (db: Db, projectId?: number) => {
  let q = db.selectFrom('matchPush').select((eb) => eb.fn.countAll<number>().as('n'));
  if (projectId !== undefined) q = q.where('kind', '=', 'declare-project').where('projectId', '=', projectId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};
const pendingSms = async (db: Db) => Number((await db.selectFrom('smsDelivery').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()).n);
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const load1 = () => loadavg()[0].toFixed(1);

export async function matchFigures(env: Record<string, string>, db: string) {
  if (!(await listening(BENCH_REDIS_URL))) {
    add({ group: GROUP, name: '全部', db, value: `没有 Redis（${BENCH_REDIS_URL}）：工作人员的会话无法带到生产模式的服务上`, budget: '', verdict: '跳过' });
    return;
  }
  const shared = { ...env, REDIS_URL: BENCH_REDIS_URL };
  const sessions = await withServer(`${db}，政策找人登录`, { ...shared, NODE_ENV: 'test', DEV_FIXED_CODES: '1', TRUST_PROXY: '1' }, async (s) => ({
    enterprise: await login(s.origin),
    reviewer: await consoleLogin(s.origin, 'reviewer'),
  }));
  const handle = openBenchDb(env);
  try {
    const written = performance.now();
    const target = await writeData(handle);
    add({ group: GROUP, name: `写入 ${ENTERPRISES.toLocaleString('en-US')} 家企业画像与 ${PROJECTS} 个开放项目`, db, value: `${((performance.now() - written) / 1000).toFixed(1)} 秒`, budget: '报告', verdict: '信息' });

    await withServer(`${db}，政策找人`, { ...shared, ENABLE_CACHE: '1', LOG_LEVEL: 'info' }, async (s) => {
      // After a start the push matches every open project against every enterprise once: timed, and waited for.
      const started = performance.now();
      let last = -1;
      let still = 0;
      // Done when the claims stop growing and the SMS that went with them have all been handed to the gateway.
      while (still < 3 && performance.now() - started < 600_000) {
        await sleep(1_000);
        const n = await pushCount(handle);
        still = n === last && n > 0 && (await pendingSms(handle)) === 0 ? still + 1 : 0;
        last = n;
      }
      add({
        group: GROUP,
        name: `启动后的首轮推送（${PROJECTS} 个项目 × ${ENTERPRISES.toLocaleString('en-US')} 家）`,
        db,
        value: `${last.toLocaleString('en-US')} 条告知，约 ${((performance.now() - started) / 1000 - 3).toFixed(0)} 秒（负载 ${load1()}）`,
        budget: '报告',
        verdict: '信息',
      });

      const cookie = `${ACCESS_COOKIE}=${sessions.enterprise}`;
      const mine = { url: `${s.origin}/api/match/mine`, headers: { cookie } };
      const probe = await call(s.origin, '/api/match/mine', { headers: { cookie } });
      if (probe.code !== 0 || (probe.data as unknown[]).length < PROJECTS) throw new Error(`/api/match/mine 应列出 ${PROJECTS} 个项目：${probe.status} ${probe.msg}`);
      const r = await withCpu(s, () => load(mine));
      add({
        group: GROUP,
        name: `GET /api/match/mine（${PROJECTS} 个开放项目）`,
        db,
        value: `p99 ${ms(r.p99)}（p50 ${ms(r.p50)}，${perSecond(r.rps)}，每次 CPU ${r.cpuPerRequestMs.toFixed(2)} ms，负载 ${load1()}${r.failures ? `，失败 ${r.failures}` : ''}）`,
        budget: `p99 < ${BUDGET.mineP99} ms`,
        verdict: check(r.p99 < BUDGET.mineP99 && r.failures === 0),
        data: { ...r },
      });

      // The preview is a reviewer's click: one at a time, ten of them, the slowest counts.
      const times: number[] = [];
      let total = 0;
      const cpuBefore = s.cpuMs();
      for (let i = 0; i < 10; i++) {
        const t0 = performance.now();
        const pv = await call<{ total: number }>(s.origin, '/console/api/match/preview', { body: { rules: ruleOf(i) }, headers: sessions.reviewer });
        if (pv.code !== 0) throw new Error(`预览失败：${pv.status} ${pv.msg}`);
        times.push(performance.now() - t0);
        total = pv.data.total;
      }
      times.sort((a, b) => a - b);
      add({
        group: GROUP,
        name: `POST /console/api/match/preview（${total.toLocaleString('en-US')} 家企业，逐次 10 次）`,
        db,
        value: `最慢 ${ms(times[9])}（中位数 ${ms(times[5])}，每次 CPU ${((s.cpuMs() - cpuBefore) / 10).toFixed(0)} ms，负载 ${load1()}）`,
        budget: `< ${BUDGET.previewMs} ms`,
        verdict: check(times[9] < BUDGET.previewMs),
        data: { times },
      });

      // Publishing: everybody matches. Enterprises keep asking meanwhile; the clock stops when the 10,000th claim (with its message) has committed.
      await load({ ...mine, seconds: 1, warmupSeconds: 0 });
      const others = load({ ...mine, seconds: 8, warmupSeconds: 0 });
      await sleep(500);
      const t0 = performance.now();
      const enabled = await call(s.origin, '/console/api/declare-project/enable', { body: { id: target }, headers: sessions.reviewer });
      if (enabled.code !== 0) throw new Error(`发布失败：${enabled.status} ${enabled.msg}`);
      let told = 0;
      while (told < ENTERPRISES && performance.now() - t0 < 60_000) {
        await sleep(100);
        told = await pushCount(handle, target);
      }
      const seconds = (performance.now() - t0) / 1000;
      const during = await others;
      const texts = await handle.selectFrom('smsDelivery').select((eb) => eb.fn.countAll<number>().as('n')).where('template', '=', 'match_push_declare').where('content', 'like', '%全体企业适用%').executeTakeFirstOrThrow();
      add({
        group: GROUP,
        name: `发布一个项目：匹配并告知全部 ${ENTERPRISES.toLocaleString('en-US')} 家（含订阅者短信）`,
        db,
        value: `${seconds.toFixed(1)} 秒，告知 ${told.toLocaleString('en-US')} 家、短信 ${Number(texts.n).toLocaleString('en-US')} 条（负载 ${load1()}）`,
        budget: `< ${BUDGET.publishSeconds} 秒`,
        verdict: check(told >= ENTERPRISES && seconds < BUDGET.publishSeconds),
        data: { seconds, told, texts: Number(texts.n) },
      });
      add({
        group: GROUP,
        name: '推送期间其他请求（/api/match/mine，8 秒）',
        db,
        value: `p99 ${ms(during.p99)}（p50 ${ms(during.p50)}，${perSecond(during.rps)}${during.failures ? `，失败 ${during.failures}` : ''}）`,
        budget: `p99 < ${BUDGET.othersP99} ms`,
        verdict: check(during.p99 < BUDGET.othersP99 && during.failures === 0),
        data: { ...during },
      });
    });
  } finally {
    await handle.destroy();
  }
}
