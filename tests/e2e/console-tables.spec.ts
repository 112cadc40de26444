import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './console-session.ts';
import { photograph } from './photograph.ts';
import { expect, hydrated, test } from './visitor.ts';

/**
 * Tables a clerk works in all day, and the console's frame (docs/console.md "Tables"): sort a queue
 * on the server, density and columns that survive a reload, batch 受理, the sider folded and
 * remembered, breadcrumbs from the menu.
 */
const SCREENS = process.env.SHOTS_DIR ?? 'test-results/screens/console-tables';

async function signInAs(page: Page, loginName: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, loginName, DEMO_PASSWORD);
  await page.waitForURL('**/console');
}

/** The texts of one column of the list, by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `${header} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  return page.locator(`.ant-table-tbody tr.ant-table-row td:nth-child(${index + 1})`).allInnerTexts();
}

test('a dispatcher sorts the work orders by 提交时间 both ways, on the server', async ({ page }) => {
  await signInAs(page, 'dispatcher');
  await page.goto('/console/appeal');
  await hydrated(page);
  await page.getByRole('columnheader', { name: '提交时间' }).click();
  await page.waitForURL(/sortBy=createdAt/);
  // The arrow follows the rows the server sent for the new address.
  await expect(page.getByRole('columnheader', { name: '提交时间' })).toHaveAttribute('aria-sort', 'ascending');
  const up = await columnTexts(page, '提交时间');
  expect(up.length).toBeGreaterThan(3);
  expect(up).toEqual([...up].sort());
  await page.getByRole('columnheader', { name: '提交时间' }).click();
  await page.waitForURL(/sortOrder=desc/);
  await expect(page.getByRole('columnheader', { name: '提交时间' })).toHaveAttribute('aria-sort', 'descending');
  const down = await columnTexts(page, '提交时间');
  expect(down).toEqual([...down].sort().reverse());
});

test('density and hidden columns follow the person after a reload', async ({ page }) => {
  await signInAs(page, 'auditor');
  await page.goto('/console/audit');
  await hydrated(page);
  await expect(page.locator('.ant-table').first()).toHaveClass(/ant-table-medium/);
  await page.getByRole('button', { name: /^密度/ }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/console/api/staff-preference/table') && r.status() === 200);
  await page.getByRole('menuitem', { name: '紧凑' }).click();
  await saved;
  await expect(page.locator('.ant-table').first()).toHaveClass(/ant-table-small/);

  await page.getByRole('button', { name: '列设置' }).click();
  const hidden = page.waitForResponse((r) => r.url().endsWith('/console/api/staff-preference/table') && r.status() === 200);
  await page.getByRole('checkbox', { name: 'IP 地址' }).uncheck();
  await hidden;
  await expect(page.getByRole('columnheader', { name: 'IP 地址' })).toHaveCount(0);

  await page.reload();
  await expect(page.locator('.ant-table').first()).toHaveClass(/ant-table-small/);
  await expect(page.getByRole('columnheader', { name: 'IP 地址' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: '结果' })).toBeVisible();
  await photograph(page, `${SCREENS}/audit-compact.png`);

  // Back as it was, so that other journeys see the usual list.
  await hydrated(page);
  await page.getByRole('button', { name: '列设置' }).click();
  await page.getByRole('checkbox', { name: 'IP 地址' }).check();
  await page.getByRole('button', { name: /^密度/ }).click();
  const restored = page.waitForResponse((r) => r.url().endsWith('/console/api/staff-preference/table'));
  await page.getByRole('menuitem', { name: '默认' }).click();
  await restored;
});

test('a dispatcher accepts two work orders at once and reads what was done per row', async ({ page }) => {
  await signInAs(page, 'dispatcher');
  await page.goto('/console/appeal?queue=pending');
  await hydrated(page);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  const titles = [await rows.nth(0).locator('.work-order-queue__title').innerText(), await rows.nth(1).locator('.work-order-queue__title').innerText()];
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await expect(page.getByText('已选 2 件')).toBeVisible();
  await page.getByRole('button', { name: '批量受理' }).click();
  const dialog = page.getByRole('dialog', { name: '批量受理 2 件诉求' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('受理意见（企业可见，可不填）').fill('材料齐全，予以受理');
  await dialog.getByRole('button', { name: '确定受理' }).click();
  const report = page.getByRole('dialog').filter({ hasText: '已受理 2 件' });
  await expect(report).toBeVisible();
  for (const title of titles) await expect(report.getByText(title)).toBeVisible();
  await expect(report.locator('.ant-tag', { hasText: '已受理' })).toHaveCount(2);
  await photograph(page, `${SCREENS}/batch-accept-report.png`);
  await report.getByRole('button', { name: '知道了' }).click();
  for (const title of titles) await expect(page.locator('.work-order-queue__title', { hasText: title })).toHaveCount(0);
});

test('the sider folds, stays folded from the first paint after a reload, and the breadcrumbs lead back', async ({ page }) => {
  await signInAs(page, 'dispatcher');
  await page.goto('/console/appeal');
  await hydrated(page);
  const sider = page.locator('.ant-layout-sider');
  await expect(sider).toHaveCSS('width', '220px');
  await page.getByRole('button', { name: '收起菜单' }).click();
  await expect(sider).toHaveCSS('width', '64px');
  // The server renders it folded: no open sider flashes before the page's script runs.
  const html = await (await page.request.get('/console/appeal')).text();
  expect(html).toContain('ant-layout-sider-collapsed');
  await page.reload();
  await expect(sider).toHaveCSS('width', '64px');
  await expect(page.getByRole('button', { name: '展开菜单' })).toBeVisible();
  await photograph(page, `${SCREENS}/sider-folded.png`);
  await hydrated(page);
  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect(sider).toHaveCSS('width', '220px');

  const first = page.locator('.work-order-queue__title').first();
  const title = await first.innerText();
  await first.click();
  // The row link carries the list and the place (下一条): ?from=…&at=…
  await page.waitForURL(/\/console\/appeal\/\d+(\?|$)/);
  const crumbs = page.getByRole('navigation', { name: '当前位置' });
  await expect(crumbs).toHaveText(/工作台\s*\/\s*业务办理\s*\/\s*诉求工单\s*\/\s*工单详情/);
  await expect(page.getByText(title).first()).toBeVisible();
  await crumbs.getByRole('link', { name: '诉求工单' }).click();
  await page.waitForURL(/\/console\/appeal$/);
  await expect(crumbs).toHaveText(/工作台\s*\/\s*业务办理\s*\/\s*诉求工单$/);
  await crumbs.getByRole('link', { name: '工作台' }).click();
  await page.waitForURL(/\/console$/);
});
