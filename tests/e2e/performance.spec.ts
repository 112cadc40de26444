import { expect, test, watchConsole, siteOrigin } from './visitor.ts';
import { photograph } from './photograph.ts';

/**
 * The public performance page (办件绩效): reached from the footer, server-rendered with its
 * charts (readable without JavaScript), the same figures as GET /api/performance.
 */

const SCREENS = 'test-results/screens';

test('the footer leads to the performance page, whose figures are the API’s', async ({ page }) => {
  const problems = watchConsole(page);

  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: '办件绩效' }).click();
  await expect(page).toHaveURL(/\/performance$/);
  await expect(page.getByRole('heading', { level: 1, name: '办件绩效' })).toBeVisible();
  await expect(page).toHaveTitle(/^办件绩效 - /);

  const api = (await (await page.request.get('/api/performance')).json()).data;
  const figures = page.getByRole('list', { name: '总体情况' });
  await expect(figures.getByRole('listitem').first()).toContainText(`受理诉求${api.overall.received}件`);
  const satisfaction = api.overall.satisfaction.rate === null ? '暂无' : `${api.overall.satisfaction.rate}%`;
  await expect(figures.getByRole('listitem').filter({ hasText: '满意率' }).first()).toContainText(satisfaction);

  // Both charts, each with a text summary; the monthly column chart names all 12 months.
  const charts = page.locator('main svg[role="img"]');
  await expect(charts).toHaveCount(2);
  const received = await charts.first().getAttribute('aria-label');
  expect(received?.match(/\d+月 \d+ 件/g)).toHaveLength(12);

  // One row per department, the bureau's own when it answered any, and the total.
  const table = page.getByRole('table');
  for (const d of api.departments) await expect(table.getByRole('rowheader', { name: d.name, exact: true })).toBeVisible();
  await expect(table.getByRole('row').last()).toContainText(`合计${api.overall.received} 件`);

  await photograph(page, `${SCREENS}/performance.png`, { fullPage: true });
  expect(problems).toEqual([]);
});

test('the page and its charts are complete without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: siteOrigin(), locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const res = await page.goto('/performance');
    expect(res?.status()).toBe(200);
    await expect(page.locator('main svg[role="img"]')).toHaveCount(2);
    await expect(page.locator('main svg rect.perf-chart__bar').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: '统计口径' })).toBeVisible();
  } finally {
    await context.close();
  }
});
