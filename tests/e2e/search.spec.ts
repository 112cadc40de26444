import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './a11y-check.ts';
import { DEMO_PASSWORD, signIn } from './console-session.ts';
import { photograph } from './photograph.ts';
import { expect, hydrated, test, watchConsole, siteOrigin } from './visitor.ts';

const SCREENS = 'test-results/screens';

async function withoutJs<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: siteOrigin(), locale: 'zh-CN' });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('the header box suggests as one types, opens /search, switches tabs and opens a result', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/notice');
  await hydrated(page);
  const box = page.getByRole('search', { name: '站内搜索' }).getByRole('combobox', { name: '站内搜索' });
  await box.fill('专精');
  const suggestions = page.getByRole('listbox', { name: '搜索建议' });
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await expect(suggestions.getByRole('option', { name: /专精特新/ }).first()).toBeVisible();
  await box.fill('专精特新');
  await box.press('Enter');
  await page.waitForURL(/\/search\?q=/);
  await expect(page.getByRole('heading', { name: '站内搜索', level: 1 })).toBeVisible();
  await expect(page.locator('.search-page__summary')).toContainText('与“专精特新”相关');
  const first = page.locator('.search-result').first();
  await expect(first.locator('mark').first()).toHaveText(/专精特新/);
  await photograph(page, `${SCREENS}/search-results.png`, { fullPage: true });

  const tabs = page.getByRole('navigation', { name: '按类别查看' });
  await tabs.getByRole('link', { name: /^重点政策/ }).click();
  await page.waitForURL(/type=policy/);
  await expect(tabs.locator('[aria-current="page"]')).toContainText('重点政策');
  await expect(page.locator('.search-result__type').first()).toHaveText('重点政策');
  await page.getByRole('link', { name: '按时间' }).click();
  await page.waitForURL(/sort=date/);
  await page.locator('.search-result__title').first().click();
  await page.waitForURL(/\/important-policy\/detail\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});

test('on a phone the header folds the box behind a 站内搜索 button, opened and closed by keyboard', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 375, height: 760 });
  await page.goto('/notice');
  await hydrated(page);
  const header = page.getByRole('banner');
  const box = header.getByRole('combobox', { name: '站内搜索' });
  const toggle = header.getByRole('button', { name: '站内搜索' });
  await expect(box).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toBeFocused();
  await expectAccessible(page, '/notice 的页头（375 px，搜索框展开）', '.site-header');
  await box.fill('专精');
  await expect(page.getByRole('listbox', { name: '搜索建议' }).getByRole('option').first()).toBeVisible();
  await photograph(page, `${SCREENS}/search-header-375.png`);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await box.fill('高企');
  await box.press('Enter');
  await page.waitForURL(/\/search\?q=/);
  await expect(page.locator('.search-page__summary')).toContainText('与“高企”相关');
  await expect(box).toBeHidden();
  await photograph(page, `${SCREENS}/search-results-375.png`, { fullPage: true });

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(toggle).toBeHidden();
  await expect(box).toBeVisible();
  await photograph(page, `${SCREENS}/search-results-1440.png`);
  expect(problems).toEqual([]);
});

test('without JavaScript the phone header links to /search', async ({ browser }) => {
  await withoutJs(browser, async (page) => {
    await page.setViewportSize({ width: 375, height: 760 });
    await page.goto('/notice');
    await page.getByRole('banner').getByRole('link', { name: '站内搜索' }).click();
    await page.waitForURL(/\/search$/);
    await expect(page.getByRole('search', { name: '搜索本站内容' }).getByRole('combobox')).toBeVisible();
  });
});

test('/search works without JavaScript: the home box submits, tabs are links, nothing found says so', async ({ browser }) => {
  await withoutJs(browser, async (page) => {
    await page.goto('/');
    const hero = page.getByRole('search', { name: '搜索本站内容' });
    await hero.getByRole('combobox').fill('高企');
    await hero.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/\/search\?q=/);
    await expect(page.locator('.search-page__summary')).toContainText('与“高企”相关');
    await expect(page.locator('.search-result mark').first()).toHaveText('高新技术企业');
    await page.getByRole('navigation', { name: '按类别查看' }).getByRole('link', { name: /^通知公告/ }).click();
    await expect(page).toHaveURL(/type=notice/);
    await expect(page.locator('.search-result__type').first()).toHaveText('通知公告');

    await page.goto(`/search?q=${encodeURIComponent('饕餮麒麟')}`);
    await expect(page.getByRole('heading', { name: '没有找到与“饕餮麒麟”相关的内容' })).toBeVisible();
    await expect(page.getByText('减少关键词')).toBeVisible();
    await photograph(page, `${SCREENS}/search-empty.png`);

    await page.goto(`/search?q=${encodeURIComponent('<script>alert(1)</script>%_"*OR')}`);
    await expect(page.getByRole('heading', { level: 2 })).toContainText('<script>alert(1)</script>');
    await page.goto(`/search?q=${'企'.repeat(300)}`);
    await expect(page.getByRole('alert')).toHaveText('搜索词不能超过 100 个字，请精简后再搜索');
  });
});

test('staff keep the synonyms and read what people searched for in /console/search', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('毕方')}`);
  await signIn(page, 'editor', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.goto('/console/search');
  await expect(page.getByRole('cell', { name: '高企 高新技术企业' })).toBeVisible();
  await page.getByRole('button', { name: '新增同义词' }).click();
  const dialog = page.getByRole('dialog', { name: '新增同义词' });
  await dialog.getByLabel('同义词').fill('毕方、专精特新');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('“专精特新”已在同义词组')).toBeVisible();
  await dialog.getByLabel('同义词').fill('毕方、保税维修');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('cell', { name: '毕方 保税维修' })).toBeVisible();
  await expect(page.getByRole('link', { name: '毕方' }).first()).toBeVisible();
  await photograph(page, `${SCREENS}/console-search.png`, { fullPage: true });
});
