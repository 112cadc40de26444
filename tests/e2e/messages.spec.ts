import { expect, signInDemoEnterprise as login, test, watchConsole } from './visitor.ts';
import { photograph } from './photograph.ts';

/** 站内消息 (docs/console.md "Enterprise side of the same work"): the unread count beside the greeting, the list in /user, read and read all. */

const SCREENS = 'test-results/screens';


test('the demo enterprise reads its messages and the header count follows', async ({ page }) => {
  const problems = watchConsole(page);
  await login(page);

  await page.goto('/');
  const badge = page.locator('.site-header__messages');
  await expect(badge).toBeVisible();
  const unreadBefore = Number((await badge.locator('.site-header__unread').innerText()).replace(/\D/g, ''));
  expect(unreadBefore).toBeGreaterThan(0);

  await badge.click();
  await expect(page).toHaveURL(/\/user\/messages$/);
  await expect(page.getByRole('heading', { name: /站内消息/ })).toContainText(`${unreadBefore} 条未读`);
  const unreadItems = page.locator('.message-item.is-unread');
  // Other journeys leave the demo enterprise more messages than one page holds.
  await expect(unreadItems.first()).toBeVisible();
  const unreadShown = await unreadItems.count();
  expect(unreadShown).toBeLessThanOrEqual(unreadBefore);
  await photograph(page, `${SCREENS}/messages-list.png`, { fullPage: true });

  await unreadItems.first().getByRole('button', { name: '标为已读' }).click();
  await expect(unreadItems).toHaveCount(unreadShown - 1);
  await expect(page.locator('.site-header__unread')).toContainText(String(unreadBefore - 1));

  // Opening a message marks it read and goes to the appeal it is about.
  const next = unreadItems.filter({ has: page.locator('.message-item__title a', { hasText: /^诉求“/ }) }).first();
  const title = await next.locator('.message-item__title a').innerText();
  await next.getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/user\/appeal\/\d+$/);
  await expect(page.locator('h1.appeal-title')).toHaveText(title.replace(/^诉求“(.*)”.*$/, '$1'));

  await page.goto('/user/messages');
  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect(page.locator('.message-item.is-unread')).toHaveCount(0);
  await expect(page.locator('.site-header__unread')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '全部标为已读' })).toBeDisabled();
  await photograph(page, `${SCREENS}/messages-all-read.png`, { fullPage: true });
  expect(problems).toEqual([]);
});
