import { randomUUID } from 'node:crypto';
import { call, CAPTCHA_ANSWER, fakeIp } from './accounts.ts';
import { load, type LoadResult } from './load.ts';

/**
 * The console's notice list over the bench's 100,000 notices (issue 7: p99 under 20 ms at 10
 * connections), as the demo editor sees it: the first page, a deep page and the pending queue.
 * Needs a server with DEV_FIXED_CODES=1 (fixed captcha and SMS codes) to sign in.
 */
const SMS_CODE = '123456';

/** Signs a demo staff member (the editor unless named) in through both steps; answers the bearer token. */
export async function consoleLogin(origin: string, loginName = 'editor', password = 'Staff#2026'): Promise<string> {
  const uuid = randomUUID();
  const headers = { 'x-forwarded-for': fakeIp() };
  await (await fetch(`${origin}/fykj/captcha?uuid=${uuid}`, { headers, signal: AbortSignal.timeout(15_000) })).arrayBuffer();
  const first = await call<{ ticket: string }>(origin, '/console/api/auth/login', { body: { loginName, password, uuid, code: CAPTCHA_ANSWER }, headers });
  if (first.code !== 0) throw new Error(`工作人员登录失败：${first.status} ${first.msg}`);
  const second = await call<{ access_token: string }>(origin, '/console/api/auth/verify', { body: { ticket: first.data.ticket, smsCode: SMS_CODE }, headers });
  if (second.code !== 0) throw new Error(`工作人员短信验证失败：${second.status} ${second.msg}`);
  return second.data.access_token;
}

export async function consoleNoticeLists(origin: string, token: string): Promise<{ name: string; result: LoadResult; total: number }[]> {
  const headers = { authorization: `Bearer ${token}` };
  const url = `${origin}/console/api/notice/pages`;
  const cases = [
    { name: '管理后台 通知公告列表第 1 页', body: { currentPage: 1, pageSize: 10 } },
    { name: '管理后台 通知公告列表第 1000 页', body: { currentPage: 1000, pageSize: 10 } },
    { name: '管理后台 待审核通知公告', body: { currentPage: 1, pageSize: 10, status: 'pending_review' } },
  ];
  const out = [];
  for (const c of cases) {
    const first = await call<{ total: number }>(origin, '/console/api/notice/pages', { body: c.body, headers });
    if (first.code !== 0) throw new Error(`${c.name}：${first.status} ${first.msg}`);
    out.push({ name: c.name, total: first.data.total, result: await load({ url, method: 'POST', headers, body: c.body }) });
  }
  return out;
}
