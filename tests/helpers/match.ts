import { expect } from 'vitest';
import type { StaffSession } from './staff.ts';
import type { TestApp } from './test-app.ts';

/** 政策找人's API tests (server/modules/match/*.test.ts): projects with rules, the profile call, console calls. */

/** A Beijing calendar day `offset` days from today. */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

export const declareProject = (name: string, rules: unknown) => ({
  name,
  category: 'tech',
  department: '科技创新局',
  amountMin: null,
  amountMax: 50,
  applyStart: day(-1),
  applyEnd: day(30),
  conditions: '上年度营业收入 500 万元以上的高新技术企业或专精特新中小企业',
  content: '<p>支持企业开展研发。</p>',
  rules,
});
export const freeProject = (name: string, rules: unknown) => ({ name, category: 'trade', department: '商务发展局', amountMin: null, amountMax: 5, conditions: '进出口额 1000 万美元以上', content: '<p>无需申请。</p>', rules });

export const consoleCall = (t: TestApp, who: StaffSession, url: string, payload: object) => t.call({ method: 'POST', url: `/console/api/${url}`, headers: who.headers as unknown as Record<string, string>, payload });
export const consoleGet = (t: TestApp, who: StaffSession, url: string) => t.call({ method: 'GET', url: `/console/api/${url}`, headers: who.headers as unknown as Record<string, string> });
export const profileGet = (t: TestApp, headers: object) => t.call({ method: 'GET', url: '/api/enterprise/profile', headers: headers as Record<string, string> });
export const profileSave = (t: TestApp, headers: object, payload: object) => t.call({ method: 'POST', url: '/api/enterprise/profile', headers: headers as Record<string, string>, payload });

/** A published declaration project with these rules. */
export async function publishedDeclare(t: TestApp, reviewer: StaffSession, name: string, rules: unknown): Promise<number> {
  const saved = await consoleCall(t, reviewer, 'declare-project/save', declareProject(name, rules));
  expect(saved.status, saved.body.msg).toBe(200);
  const published = await consoleCall(t, reviewer, 'declare-project/enable', { id: saved.body.data.id });
  expect(published.status, published.body.msg).toBe(200);
  return saved.body.data.id;
}
