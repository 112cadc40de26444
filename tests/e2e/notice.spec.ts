import { expect, test } from './visitor.ts';

test('the notice list is server-rendered and searchable through the URL', async ({ page }) => {
  await page.goto('/notice?keyword=招聘会');
  await expect(page.getByRole('heading', { name: '通知公告' })).toBeVisible();
  await expect(page.getByRole('link', { name: /招聘会/ }).first()).toBeVisible();
});
