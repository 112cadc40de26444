import type { Page } from '@playwright/test';
import { expect, hydrated, signInDemoEnterprise, test } from './visitor.ts';
import { photograph } from './photograph.ts';
import { expectAccessible } from './a11y-check.ts';

/**
 * 关怀模式, browser zoom and reduced motion (docs/decisions.md "关怀模式", "Accessibility"): the switch on every kind of page, the mode
 * rendered by the server from the cookie (and never mixed up by the page cache), and layouts that
 * fit a 640 px window (1280 px at 200 % zoom) without scrolling sideways.
 */
/** Where the screenshots go, to be looked at: SHOTS_DIR=/tmp/shots-x to keep them out of test-results. */
const SCREENS = process.env.SHOTS_DIR ?? 'test-results/screens';

/** The rendered size of a text: its computed size times the zoom applied to it. */
async function renderedFontSize(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * ((el as HTMLElement & { currentCSSZoom?: number }).currentCSSZoom ?? 1));
}

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test('care mode: switched on in the header, rendered by the server, switched back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/notice');
  const toggle = page.getByRole('button', { name: '关怀模式' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await renderedFontSize(page, 'main')).toBeLessThan(18);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveClass('care');
  expect((await page.context().cookies()).find((c) => c.name === 'care_mode')?.value).toBe('1');

  // The next page comes from the server in care mode: class in the HTML, no flash.
  const html = await (await page.request.get('/notice')).text();
  expect(html).toContain('<html lang="zh-CN" class="care">');
  await page.reload();
  await expect(page.locator('html')).toHaveClass('care');
  await expect(page.getByRole('button', { name: '关怀模式' })).toHaveAttribute('aria-pressed', 'true');
  expect(await renderedFontSize(page, 'main')).toBeGreaterThanOrEqual(18);
  const h1 = await renderedFontSize(page, 'main h1');
  expect(h1).toBeGreaterThan(await renderedFontSize(page, 'main'));
  const lineHeight = await page.locator('main').evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) / parseFloat(getComputedStyle(el).fontSize));
  expect(lineHeight).toBeGreaterThanOrEqual(1.5);
  // Nothing animates.
  const animated = await page.locator('.btn').first().evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(animated).toMatch(/^0s$/);
  expect(await scrollsSideways(page)).toBe(false);
  await photograph(page, `${SCREENS}/care-notice.png`, { fullPage: true });
  const notice = (await page.locator('main a[href^="/notice/detail?id="]').first().getAttribute('href'))!;

  for (const url of ['/', notice, '/appeal/components/appeal-form', '/auth/login', '/console/login']) {
    await page.goto(url);
    await expect(page.locator('html')).toHaveClass('care');
    await expect(page.getByRole('button', { name: '关怀模式' })).toHaveAttribute('aria-pressed', 'true');
    expect(await scrollsSideways(page), url).toBe(false);
    await photograph(page, `${SCREENS}/care-${url.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.png`, { fullPage: url === '/' });
  }

  // Switched back: the standard page again, from the server too.
  await page.getByRole('button', { name: '关怀模式' }).click();
  await expect(page.locator('html')).not.toHaveClass('care');
  await page.goto('/notice');
  await expect(page.locator('html')).not.toHaveClass('care');
  await expect(page.getByRole('button', { name: '关怀模式' })).toHaveAttribute('aria-pressed', 'false');
  expect(await renderedFontSize(page, 'main')).toBeLessThan(18);
});

test('200 % zoom: a 640 px window never scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 900 });
  for (const url of ['/', '/notice', '/important-policy', '/appeal', '/address-book', '/free-apply', '/performance', '/auth/login', '/auth/register', '/console/login']) {
    await page.goto(url);
    expect(await scrollsSideways(page), url).toBe(false);
  }
  await page.goto('/');
  await photograph(page, `${SCREENS}/zoom-200-home.png`, { fullPage: true });
});

test('a phone: at 375 px no page scrolls sideways, the menu scrolls in its own bar', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 760 });
  await page.goto('/notice');
  const notice = (await page.locator('main a[href^="/notice/detail?id="]').first().getAttribute('href'))!;
  for (const url of ['/', '/notice', notice, '/important-policy', '/appeal', '/address-book', '/free-apply', '/performance', '/policy-calculator', '/search?q=企业', '/auth/login', '/auth/register']) {
    await page.goto(url);
    expect(await scrollsSideways(page), url).toBe(false);
  }
  // The last menu entry is reached by scrolling the menu, not the page.
  await page.goto('/notice');
  const last = page.getByRole('navigation', { name: '主导航' }).getByRole('link').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  expect(await scrollsSideways(page)).toBe(false);
  // The footer's lines stack inside the dark band: its text keeps its contrast.
  await expectAccessible(page, '/notice（375 px）');
  await photograph(page, `${SCREENS}/phone-notice.png`, { fullPage: true });
});

test('a phone: the user centre fits 375 px, its menu and wide tables scroll inside their frames', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 760 });
  await signInDemoEnterprise(page);
  for (const url of ['/user', '/user/appeal', '/user/free-apply', '/user/profile', '/user/address-book', '/user/messages']) {
    await page.goto(url);
    await hydrated(page);
    expect(await scrollsSideways(page), url).toBe(false);
  }
  await photograph(page, `${SCREENS}/phone-user-messages.png`, { fullPage: true });
});

test('reduced motion: the progress bar stands still and nothing transitions', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/notice');
  const motion = await page.evaluate(() => {
    // The bar exists only during a slow navigation: measure the same markup, made here.
    const bar = document.createElement('div');
    bar.className = 'progress-bar progress-bar--running';
    bar.innerHTML = '<div class="progress-bar__fill"></div>';
    document.body.append(bar);
    const fill = getComputedStyle(bar.firstElementChild!);
    const btn = getComputedStyle(document.querySelector('.btn')!);
    return { animation: fill.animationName, transform: fill.transform, transition: parseFloat(btn.transitionDuration) };
  });
  expect(motion.animation).toBe('none');
  expect(motion.transform).not.toBe('none'); // still shown, at a fixed length
  expect(motion.transition).toBeLessThan(0.001);
});
