import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { add, check, ms } from './report.ts';
import type { BenchServer } from './server.ts';

/**
 * Figures of the accounts issue: what checking an access token adds to a request, and logins
 * per second at the chosen password-hashing cost. Needs a server with DEV_FIXED_CODES=1 (fixed
 * captcha answer) and TRUST_PROXY=1 (each login from its own X-Forwarded-For address, so that
 * per-address rate limits do not turn the measurement into a count of 429s).
 */
export const DEMO = { loginName: '13800138000', password: 'Demo#2026' };
export const CAPTCHA_ANSWER = '8888';

export interface Envelope<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export async function call<T = any>(origin: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Envelope<T>> {
  const res = await fetch(origin + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  try {
    const json = JSON.parse(text) as { code: number; msg: string; data: T };
    return { status: res.status, ...json };
  } catch {
    return { status: res.status, code: -1, msg: text.slice(0, 200), data: null as T };
  }
}

export const fakeIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** Logs the demo account in (captcha then login); returns the access token. */
export async function login(origin: string, ip = fakeIp()): Promise<string> {
  const uuid = randomUUID();
  const headers = { 'x-forwarded-for': ip };
  const captcha = await fetch(`${origin}/fykj/captcha?uuid=${uuid}`, { headers, signal: AbortSignal.timeout(15_000) });
  await captcha.arrayBuffer();
  const r = await call<{ access_token: string }>(origin, '/fykj/en-login', { body: { ...DEMO, uuid, code: CAPTCHA_ANSWER }, headers });
  if (r.code !== 0 || !r.data?.access_token) throw new Error(`演示账号登录失败：${r.status} ${r.msg}`);
  return r.data.access_token;
}

function timedGet(agent: http.Agent, origin: string, path: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('超时')));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Median latency of a cheap public call with and without a valid bearer token, requests
 * interleaved one at a time so that drift hits both alike. Returns the extra ms.
 */
export async function tokenCheckCost(origin: string, token: string, pairs = 1500, maxMs = 20_000): Promise<{ anonymous: number; authenticated: number; extra: number; pairs: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const path = '/uaa/api/ua/platform/info';
  const anon: number[] = [];
  const auth: number[] = [];
  const deadline = Date.now() + maxMs;
  try {
    for (let i = 0; i < 200; i++) await timedGet(agent, origin, path, { authorization: `Bearer ${token}` }); // warm-up
    for (let i = 0; i < pairs && Date.now() < deadline; i++) {
      anon.push(await timedGet(agent, origin, path, {}));
      auth.push(await timedGet(agent, origin, path, { authorization: `Bearer ${token}` }));
    }
  } finally {
    agent.destroy();
  }
  const a = median(anon);
  const b = median(auth);
  return { anonymous: a, authenticated: b, extra: b - a, pairs: anon.length };
}

/** Logins per second: `workers` at a time, each a captcha and a login, for at most `seconds` / `max` logins. */
export async function loginRate(origin: string, workers = 4, seconds = 5, max = 300): Promise<{ perSecond: number; logins: number; failures: number }> {
  let logins = 0;
  let failures = 0;
  let started = 0;
  const t0 = Date.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < deadline && started < max) {
        started++;
        try {
          await login(origin);
          logins++;
        } catch {
          failures++;
        }
      }
    }),
  );
  return { perSecond: logins / ((Date.now() - t0) / 1000), logins, failures };
}

const TOKEN_BUDGET_MS = 1;

/** The password hash the accounts module chose, and what one hash costs here (median of 5). */
async function passwordCost(): Promise<string> {
  const { SCRYPT_PARAMS, hashPassword } = await import('#server/platform/auth/password.ts');
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await hashPassword('Bench#2026-password');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `scrypt N=${SCRYPT_PARAMS.N}, r=${SCRYPT_PARAMS.r}, p=${SCRYPT_PARAMS.p}，单次哈希 ${ms(times[2])}`;
}

export async function accountFigures(s: BenchServer, db: string): Promise<string> {
  const token = await login(s.origin);
  const cost = await tokenCheckCost(s.origin, token);
  add({
    group: '账号',
    name: '校验访问令牌的额外耗时（中位数）',
    db,
    value: `${cost.extra.toFixed(3)} ms（匿名 ${cost.anonymous.toFixed(3)} ms，带令牌 ${cost.authenticated.toFixed(3)} ms，${cost.pairs} 对）`,
    budget: `< ${TOKEN_BUDGET_MS} ms`,
    verdict: check(cost.extra < TOKEN_BUDGET_MS),
    data: cost,
  });
  const rate = await loginRate(s.origin);
  const hash = await passwordCost();
  add({
    group: '账号',
    name: '每秒登录次数（图形验证码 + 登录，4 并发）',
    db,
    value: `${rate.perSecond.toFixed(1)} 次/秒，${hash}${rate.failures ? `（失败 ${rate.failures}）` : ''}`,
    budget: '报告',
    verdict: rate.failures ? 'FAIL' : '信息',
    data: rate,
  });
  return token;
}
