import type { Page } from '@playwright/test';
import { choose } from './antd-select.ts';
import { settled } from './antd-motion.ts';
import { DEMO_PASSWORD, signIn, signOut } from './console-session.ts';
import { photograph } from './photograph.ts';
import { expect, test, watchConsole } from './visitor.ts';

/**
 * The console for a working day (docs/console.md "常用语", "下一条", "Content"): a handler answers
 * with a stock phrase and goes on to the next work order of the list; a publisher reviews a changed
 * notice as the public will see it, with what changed against the published version.
 */
const SCREENS = 'test-results/screens/console-work';
const shot = (page: Page, name: string) => photograph(page, `${SCREENS}/${name}.png`, { fullPage: true });

test('a handler answers with a stock phrase, then opens 下一条 of the same list', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'handler', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.getByRole('link', { name: '诉求工单' }).first().click();
  await expect(page.getByRole('heading', { name: '诉求工单' })).toBeVisible();
  await choose(page, '状态', '办理中');
  await page.getByRole('button', { name: '查询' }).click();
  await page.waitForURL(/status=processing/);
  // A work order the department has signed for (not one still 待签收).
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const signed = rows.filter({ hasNotText: '待签收' }).first();
  const title = (await signed.locator('a').first().textContent())!;
  await signed.locator('a').first().click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const first = page.url();
  expect(first).toContain('from=');

  // The reply dialog: the handler keeps a phrase of their own, then inserts it with one click.
  await page.getByRole('button', { name: '答复办结' }).click();
  const reply = page.getByRole('dialog', { name: '答复企业并办结' });
  await settled(reply);
  await reply.getByRole('button', { name: '插入常用语' }).click();
  await page.getByRole('menuitem', { name: '管理常用语…' }).click();
  const drawer = page.getByRole('dialog', { name: '管理常用语 · 答复' });
  await settled(drawer);
  const phrase = '经核实，您反映的问题已按规定办理完毕，如有疑问请致电本部门。';
  await drawer.getByLabel(/新增常用语/).fill(phrase);
  await drawer.getByRole('button', { name: '添加' }).click();
  await expect(drawer.getByText(phrase)).toBeVisible();
  await expect(drawer.getByRole('tab', { name: '我的常用语（1）' })).toBeVisible();
  await shot(page, 'phrase-manager');
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();
  await reply.getByRole('button', { name: '插入常用语' }).click();
  await page.getByRole('menuitem', { name: phrase }).click();
  await expect(reply.getByLabel('答复内容（企业可见）')).toHaveValue(phrase);
  await shot(page, 'phrase-inserted');
  await reply.getByRole('button', { name: '答复办结' }).click();
  await expect(reply).toBeHidden();

  // 下一条: the next work order of the same list (办理中, the department's), in one click.
  const done = page.locator('.console-queue-next');
  await expect(done).toContainText('已答复办结，企业已收到通知');
  await shot(page, 'next-bar');
  await done.getByRole('button', { name: '下一条' }).click();
  await page.waitForURL((url) => url.href !== first && /\/console\/appeal\/\d+\?from=status%3Dprocessing/.test(url.href));
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await expect(page.getByText('办理中').first()).toBeVisible();
  await shot(page, 'next-opened');
  await page.getByRole('link', { name: '返回工单列表' }).click();
  await page.waitForURL(/\/console\/appeal\?.*status=processing/);
  await signOut(page);
  expect(problems).toEqual([]);
});

/** A console call in the signed-in page's session (the journey's setting-up, not what it checks). */
async function consoleCall<T>(page: Page, path: string, data: object): Promise<T> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(`/console/api/${path}`, { data, headers: { origin } });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(0);
  return body.data;
}

test('a publisher reviews a changed notice as the public will see it, with what changed against the published version', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  // A published notice is taken offline and changed by an editor (set up through the API).
  await signIn(page, 'publisher', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  const live = await consoleCall<{ records: { id: number; title: string }[] }>(page, 'notice/pages', { status: 'published', pageSize: 1 });
  const { id, title } = live.records[0];
  await consoleCall(page, 'notice/offline', { id, reason: '内容需要更新' });
  await signOut(page);
  await signIn(page, 'editor', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  const before = (await (await page.request.get(`/console/api/notice/detail?id=${id}`)).json()).data as { title: string; content: string; summary: string | null; source: string | null; isTop: boolean; attachments: unknown[] };
  const changedTitle = `${title}（更新）`;
  await consoleCall(page, 'notice/save', { ...before, id, title: changedTitle, content: `${before.content}<p>新增：咨询电话 021-58880000。</p>`, scheduleAt: null });
  await consoleCall(page, 'notice/submit', { id });
  await signOut(page);

  // The publisher opens it from the 待审核 list: the finished page beside the changes.
  await signIn(page, 'publisher', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.getByRole('link', { name: '通知公告' }).first().click();
  await expect(page.getByRole('heading', { name: '通知公告' })).toBeVisible();
  await choose(page, '状态', '待审核');
  await page.getByRole('button', { name: '查询' }).click();
  await page.waitForURL(/status=pending_review/);
  await page.getByRole('row').filter({ hasText: changedTitle }).getByRole('button', { name: '审核' }).click();
  const finished = page.getByRole('region', { name: '成稿预览' });
  await expect(finished.getByRole('heading', { name: changedTitle })).toBeVisible();
  const side = page.getByRole('complementary', { name: '审核' });
  // The title's addition and the new paragraph, each marked in words for those who do not see colour.
  await expect(side.locator('ins', { hasText: '（更新）' })).toContainText('新增：');
  await expect(side.getByRole('region', { name: '正文的修改' }).locator('ins')).toContainText('咨询电话 021-58880000');
  await expect(side.getByText(/段未修改/)).toBeVisible();
  await shot(page, 'review-diff');
  await side.getByRole('button', { name: '审核通过并发布' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  const done = page.locator('.console-queue-next');
  await expect(done).toContainText('已发布');
  await shot(page, 'review-published');
  await signOut(page);
  expect(problems).toEqual([]);
});
