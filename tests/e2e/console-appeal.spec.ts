import { expect, REFUSED_CALL, test, watchConsole } from './visitor.ts';
import { DEMO_PASSWORD, signIn } from './console-session.ts';

const SCREENS = 'test-results/screens/console-appeal';

test('the dispatcher works through the queues of work orders', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'dispatcher', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.getByRole('link', { name: '诉求工单' }).first().click();
  await expect(page.getByRole('heading', { name: '诉求工单' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/queue.png`, fullPage: true });
  await page.getByRole('tab', { name: '超期' }).click();
  await page.waitForURL(/queue=overdue/);
  await page.screenshot({ path: `${SCREENS}/queue-overdue.png`, fullPage: true });
  expect(problems).toEqual([]);
});
