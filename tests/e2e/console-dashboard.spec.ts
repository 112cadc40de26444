import { expect, test, watchConsole } from './visitor.ts';
import { DEMO_PASSWORD, signIn, signOut } from './console-session.ts';
import { photograph } from './photograph.ts';

const SCREENS = 'test-results/screens';

/**
 * 工作台: the console opens on the person's own work — a dispatcher's queues with their counts,
 * each opening its queue; a content editor gets what came back to them, and no appeal queue.
 */
test('the dashboard counts the dispatcher’s queues and each figure opens its queue', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'dispatcher', DEMO_PASSWORD);
  await page.waitForURL('**/console');

  const orders = page.getByRole('navigation', { name: '诉求工单' });
  await expect(orders.getByRole('link')).toHaveCount(4);
  await expect(page.getByRole('navigation', { name: '差评整改' }).getByRole('link')).toHaveCount(2);
  await photograph(page, `${SCREENS}/console-dashboard.png`, { fullPage: true });

  // The figure is the queue's size: the list it opens says the same total.
  const pending = orders.getByRole('link', { name: /待受理/ });
  const count = Number(await pending.locator('strong').textContent());
  await pending.click();
  await page.waitForURL(/\/console\/appeal\?queue=pending$/);
  await expect(page.getByRole('tab', { name: '待受理', selected: true })).toBeVisible();
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(`共 ${count} 条`);

  await signOut(page);
  await signIn(page, 'editor', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await expect(page.getByRole('heading', { name: '内容管理' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '我的待办 · 内容编辑' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '诉求工单' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
