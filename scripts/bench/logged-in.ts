import { ACCESS_COOKIE } from '#contract/account.ts';
import { CONSOLE_ACCESS_COOKIE } from '#contract/staff.ts';
import { login } from './accounts.ts';
import { consoleLogin } from './console-session.ts';
import { add, check, ms, perSecond } from './report.ts';
import type { BenchServer } from './server.ts';
import { hasWrk, wrk } from './wrk.ts';
import { BENCH_REDIS_URL, listening, withServer } from './harness.ts';

/**
 * The pages enterprises and staff spend their day on, rendered as a deployed portal renders them:
 * signed in, 20 connections, by a production server. A NODE_ENV=test server (the only kind that
 * takes the fixed captcha and SMS codes) renders with React's development build, several times
 * slower, so the sessions are opened on one and the pages measured on another over the same
 * database: the enterprise's token is checked against the database, the staff's session lives in
 * Redis, which both servers share.
 */
export const RENDER_BUDGET = { rps: 300, p99Ms: 100 };
const CONNECTIONS = 20;
const GZIP = { 'accept-encoding': 'gzip, deflate' };

export const ENTERPRISE_PAGES = ['/user', '/user/appeal', '/user/free-apply', '/user/address-book', '/user/messages'];
/** The dispatcher's pages (the demo's dispatcher may not open the declarations); the detail is the queue's first appeal. */
export const CONSOLE_PAGES = ['/console', '/console/appeal', '/console/appeal/:first'];

export interface Sessions {
  enterprise: string;
  /** Null without Redis: a staff session would not outlive the server that opened it. */
  staff: string | null;
}

/** Opens the sessions on a server with DEV_FIXED_CODES=1 (and the Redis the measuring server will use). */
export async function openSessions(s: BenchServer, withRedis: boolean): Promise<Sessions> {
  const enterprise = await login(s.origin);
  const staff = withRedis ? (await consoleLogin(s.origin, 'dispatcher')).authorization.slice('Bearer '.length) : null;
  return { enterprise, staff };
}

/** Renders of one page: 3 s to warm up, then three rounds of 3 s; the middle round is the figure. */
async function renderRounds(s: BenchServer, url: string, headers: Record<string, string>) {
  await wrk(url, headers, 3, CONNECTIONS);
  const rounds = [];
  for (let i = 0; i < 3; i++) {
    const before = s.cpuMs();
    const r = await wrk(url, headers, 3, CONNECTIONS);
    rounds.push({ ...r, cpuPerRequestMs: (s.cpuMs() - before) / Math.max(1, r.requests) });
  }
  rounds.sort((a, b) => a.rps - b.rps);
  return { ...rounds[1], failures: rounds.reduce((n, r) => n + r.failures, 0), lowestRps: rounds[0].rps, highestRps: rounds[2].rps };
}

export async function loggedInFigures(s: BenchServer, db: string, sessions: Sessions) {
  const budget = `≥ ${RENDER_BUDGET.rps} 次/秒，p99 < ${RENDER_BUDGET.p99Ms} ms`;
  const groups: [string, string[], string | null][] = [
    ['登录后的页面 · 企业用户', ENTERPRISE_PAGES, `${ACCESS_COOKIE}=${sessions.enterprise}`],
    ['登录后的页面 · 管理后台', CONSOLE_PAGES, sessions.staff && `${CONSOLE_ACCESS_COOKIE}=${sessions.staff}`],
  ];
  for (const [group, pages, cookie] of groups) {
    for (let path of pages) {
      if (path === '/console/appeal/:first' && cookie) {
        const queue = await (await fetch(`${s.origin}/console/appeal`, { headers: { cookie } })).text();
        // The queue links its rows with their place in it (?from=&at=, 下一条): the page itself is measured.
        const first = /href="(\/console\/appeal\/\d+)[?"]/.exec(queue)?.[1];
        if (!first) throw new Error('业务队列 /console/appeal 中没有诉求可打开');
        path = first;
      }
      if (!hasWrk() || !cookie) {
        add({ group, name: path, db, value: hasWrk() ? '没有 Redis，工作人员的会话无法带到生产模式的服务上（BENCH_REDIS_URL）' : '本机未安装 wrk', budget, verdict: '跳过' });
        continue;
      }
      const headers = { ...GZIP, cookie };
      // A redirect to the login page would be measured as a fast page: the session must hold.
      const probe = await fetch(s.origin + path, { headers, redirect: 'manual' });
      const html = await probe.text();
      if (probe.status !== 200) throw new Error(`${path} 登录后应返回页面，却是 HTTP ${probe.status}`);
      const r = await renderRounds(s, s.origin + path, headers);
      add({
        group,
        name: path,
        db,
        value: `${perSecond(r.rps)}（三轮 ${Math.round(r.lowestRps)}–${perSecond(r.highestRps)}，p99 ${ms(r.p99)}，每次 CPU ${ms(r.cpuPerRequestMs)}，HTML ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB${r.failures ? `，失败 ${r.failures}` : ''}）`,
        budget,
        verdict: check(r.rps >= RENDER_BUDGET.rps && r.p99 < RENDER_BUDGET.p99Ms && r.failures === 0),
        data: { ...r },
      });
    }
  }
}

/** Logged-in renders (logged-in.ts): sessions opened on a test server, the pages measured on a production one. */
export async function loggedInPages(env: Record<string, string>, db: string) {
  const redis: Record<string, string> = (await listening(BENCH_REDIS_URL)) ? { REDIS_URL: BENCH_REDIS_URL } : {};
  const testEnv = { ...env, ...redis, NODE_ENV: 'test', DEV_FIXED_CODES: '1', TRUST_PROXY: '1' };
  const sessions = await withServer(`${db}，登录`, testEnv, (s) => openSessions(s, 'REDIS_URL' in redis));
  // As deployed: the default LOG_LEVEL (one access line a request), not the bench's quiet 'warn'.
  await withServer(`${db}，登录后的页面`, { ...env, ...redis, ENABLE_CACHE: '1', LOG_LEVEL: 'info' }, (s) => loggedInFigures(s, db, sessions));
}
