import { expect, REFUSED_CALL, test, watchConsole } from './visitor.ts';
import { pressInDialog } from './antd-dialog.ts';
import { DEMO_PASSWORD, signIn, signOut } from './console-session.ts';
import { photograph } from './photograph.ts';

/**
 * 先审后发 in Chromium (docs/console.md "Content"): the editor writes a notice in the rich-text editor and submits
 * it, the publisher publishes it and it is on /notice, then takes it offline and it is gone.
 * The console's content pages are photographed for review.
 */
const SCREENS = 'test-results/screens/console-content';

test('an editor drafts a notice, a publisher publishes it to /notice and takes it offline', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  const title = `关于开展企业服务月活动的通知 ${Date.now()}`;

  await signIn(page, 'editor', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.getByRole('link', { name: '通知公告' }).first().click();
  await expect(page.getByRole('heading', { name: '通知公告' })).toBeVisible();
  await photograph(page, `${SCREENS}/notice-list.png`, { fullPage: true });

  await page.getByRole('button', { name: '新建通知公告' }).click();
  await expect(page.getByRole('heading', { name: '新建通知公告' })).toBeVisible();
  // Submitting an empty form says what is missing, field by field, before anything is sent (under
  // the fields: the page's live region says the same sentences aloud for a while).
  await page.getByRole('button', { name: '保存并提交审核' }).click();
  await expect(page.getByRole('main').getByText('请填写标题')).toBeVisible();
  await expect(page.getByRole('main').getByText('请填写正文')).toBeVisible();

  await page.getByLabel('标题').fill(title);
  await page.getByLabel('发布单位').fill('企业服务局');
  const editor = page.getByRole('textbox', { name: '正文' });
  await editor.click();
  await page.getByRole('button', { name: '小标题' }).click();
  await page.keyboard.type('活动安排');
  await page.keyboard.press('Enter');
  await page.keyboard.type('11月25日起，企业服务局走访区内重点企业。');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('请各企业做好准备。');
  await photograph(page, `${SCREENS}/notice-edit.png`, { fullPage: true });

  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByText('草稿已保存')).toBeVisible();
  await page.waitForURL(/\/console\/notice\/edit\?id=\d+/);
  await page.getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog', { name: '预览（与门户页面一致）' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByRole('heading', { name: '活动安排' })).toBeVisible();
  await expect(preview.locator('strong', { hasText: '请各企业做好准备。' })).toBeVisible();
  await photograph(page, `${SCREENS}/notice-preview.png`);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await page.getByRole('button', { name: '保存并提交审核' }).click();
  await expect(page.getByText('已保存并提交审核')).toBeVisible();
  await page.waitForURL('**/console/notice');
  await expect(page.getByRole('row', { name: new RegExp(title) }).getByText('待审核')).toBeVisible();
  await signOut(page);

  await signIn(page, 'publisher', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.goto('/console/notice?status=pending_review');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('link', { name: '审核' }).click();
  await expect(page.getByRole('button', { name: '审核通过并发布' })).toBeVisible();
  await photograph(page, `${SCREENS}/notice-review.png`, { fullPage: true });
  await page.getByRole('button', { name: '审核通过并发布' }).click();
  await pressInDialog(page.getByRole('dialog'), '确定');
  await expect(page.getByText('已发布', { exact: true }).first()).toBeVisible();
  // The review stays with 下一条 and 返回列表 (docs/console.md "下一条"): back to the list it came from.
  await page.locator('.console-queue-next').getByRole('link', { name: '返回列表' }).click();
  await page.waitForURL('**/console/notice?status=pending_review');

  await page.goto('/notice');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.locator('.rich-content strong', { hasText: '请各企业做好准备。' })).toBeVisible();

  await page.goto(`/console/notice?status=published&keyword=${encodeURIComponent(title)}`);
  await page.getByRole('row', { name: new RegExp(title) }).getByRole('button', { name: '下线' }).click();
  const dialog = page.getByRole('dialog', { name: '下线通知公告' });
  await pressInDialog(dialog, '下线');
  await expect(dialog.getByText('请填写下线的理由')).toBeVisible();
  await dialog.getByLabel('下线的理由').fill('活动已结束');
  await dialog.getByRole('button', { name: '下线' }).click();
  await expect(page.getByText('已下线，门户不再显示该通知公告')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0); // no longer among the published
  await page.goto(`/console/notice?keyword=${encodeURIComponent(title)}`);
  await expect(page.getByRole('row', { name: new RegExp(title) }).getByText('已下线')).toBeVisible();

  await page.goto('/notice');
  await expect(page.getByRole('heading', { name: '通知公告' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  expect(problems).toEqual([]);
});
