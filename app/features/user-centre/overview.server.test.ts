import { expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { signUpAndLogin } from '#tests/helpers/auth.ts';
import { bureau } from '#tests/helpers/bureau.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';
import { loadOverview } from './overview.server.ts';

/** Counts the statements the app's database runs while `work` does (reads outside transactions). */
async function countQueries<T>(db: Db, work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  let queries = 0;
  executor.executeQuery = ((...args: Parameters<typeof original>) => {
    queries++;
    return original(...args);
  }) as typeof executor.executeQuery;
  try {
    return { result: await work(), queries };
  } finally {
    executor.executeQuery = original;
  }
}

const appeal = (title: string) => ({
  title,
  type: 'land',
  content: '我司业务量增长较快，现有保税仓库面积不足，希望协调区内闲置仓储用地约 5000 平方米。',
  contactName: '王经理',
  contactPhone: '13912345678',
  attachments: [],
  isPublic: false,
});

describeEachDb('个人中心概览', (t) => {
  it('counts each kind of record by status with one query per kind, and lists what waits for the enterprise', async () => {
    const a = await signUpAndLogin(t());
    const ids: number[] = [];
    for (const title of ['保税仓库扩容用地咨询', '报关单据电子化咨询', '跨境电商监管仓申请']) {
      const res = await t().call({ method: 'POST', url: '/api/appeal/save', headers: a.headers, payload: appeal(title) });
      ids.push(res.body.data.id);
    }
    await bureau(t()).accept(ids[0]);
    await bureau(t()).reply(ids[0], '已协调园区规划部门，请于下周到窗口面谈。');

    const user = { userId: a.userId, enterpriseId: a.enterpriseId, nickName: '测试联系人', permissions: [] };
    const { result, queries } = await countQueries(t().db, () => loadOverview(t().app.services, user));
    const count = (rows: { status: string; count: number }[], status: string) => rows.find((r) => r.status === status)?.count;
    expect(count(result.counts.appeals, 'pending')).toBe(2);
    expect(count(result.counts.appeals, 'resolved')).toBe(1);
    expect(result.counts.appeals.map((r) => r.text)).toContain('待受理');
    expect(result.counts.declarations.every((r) => r.count === 0)).toBe(true);
    expect(result.todos.map((todo) => todo.to)).toEqual([`/user/appeal/${ids[0]}`]);
    // Three GROUP BYs and the three waiting lists (each a page and its count, plus the
    // corrections of the 免申即享 rows); 10 in all, where counting every status through a list took 37.
    expect(queries).toBeLessThanOrEqual(10);
  });
});
