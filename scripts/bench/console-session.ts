import { randomUUID } from 'node:crypto';
import { call, CAPTCHA_ANSWER, fakeIp } from './accounts.ts';
import { load, type LoadSpec } from './load.ts';
import { add, check, ms, perSecond } from './report.ts';
import type { BenchServer } from './server.ts';

/**
 * What every console figure shares: a demo staff member signed in through both steps (password
 * and captcha, then the SMS code), and a latency row that prints the server's CPU per request
 * beside p99 (p99 moves with whatever else runs on the machine; CPU per request barely does).
 * Needs a server with DEV_FIXED_CODES=1 (fixed captcha and SMS codes) and TRUST_PROXY=1.
 */
const SMS_CODE = '123456';
export const STAFF_PASSWORD = 'Staff#2026';
export const P99_BUDGET_MS = 20;

/** Signs a demo staff member in through both steps; answers the bearer header. */
export async function consoleLogin(origin: string, loginName: string): Promise<Record<string, string>> {
  const uuid = randomUUID();
  const headers = { 'x-forwarded-for': fakeIp() };
  await (await fetch(`${origin}/fykj/captcha?uuid=${uuid}`, { headers, signal: AbortSignal.timeout(15_000) })).arrayBuffer();
  const first = await call<{ ticket: string }>(origin, '/console/api/auth/login', { body: { loginName, password: STAFF_PASSWORD, uuid, code: CAPTCHA_ANSWER }, headers });
  if (first.code !== 0) throw new Error(`工作人员 ${loginName} 登录失败：${first.status} ${first.msg}`);
  const second = await call<{ access_token: string }>(origin, '/console/api/auth/verify', { body: { ticket: first.data.ticket, smsCode: SMS_CODE }, headers });
  if (second.code !== 0) throw new Error(`工作人员 ${loginName} 短信验证失败：${second.status} ${second.msg}`);
  return { authorization: `Bearer ${second.data.access_token}` };
}

/** One console call under load, as a row: p99 against the budget, with p50, rate and server CPU per request. */
/** `name` may read the probe call's data (a list's total, say). */
export async function consoleLatencyRow(
  s: BenchServer,
  row: { group: string; name: string | ((data: any) => string); db: string; budgeted?: boolean },
  spec: LoadSpec,
) {
  // A call that fails before the load would only print a row of failures: say why instead.
  const probe = await call(s.origin, spec.url.slice(s.origin.length), { method: spec.method, body: spec.body, headers: spec.headers });
  const name = typeof row.name === 'string' ? row.name : row.name(probe.data);
  if (probe.code !== 0) throw new Error(`${name}：${probe.status} ${probe.msg}`);
  const cpuBefore = s.cpuMs();
  const r = await load(spec);
  // Warm-up included in both: the ratio is what one request costs the server.
  const cpu = (s.cpuMs() - cpuBefore) / Math.max(1, r.requests);
  const budgeted = row.budgeted ?? true;
  add({
    group: row.group,
    name,
    db: row.db,
    value: `p99 ${ms(r.p99)}（p50 ${ms(r.p50)}，${perSecond(r.rps)}，每次 CPU ${cpu.toFixed(2)} ms${r.failures ? `，失败 ${r.failures}` : ''}）`,
    budget: budgeted ? `p99 < ${P99_BUDGET_MS} ms` : '报告',
    verdict: budgeted ? check(r.p99 < P99_BUDGET_MS && r.failures === 0) : r.failures ? 'FAIL' : '信息',
    data: { ...r, cpuPerRequestMs: cpu },
  });
  return { ...r, cpuPerRequestMs: cpu, data: probe.data };
}
