import { expect, signInDemoEnterprise as login, test, watchConsole, siteOrigin } from './visitor.ts';
import type { Browser, Page } from '@playwright/test';
import { photograph } from './photograph.ts';
import { firstLink } from './enterprise-api.ts';

/**
 * The public portal in Chromium against the built server: server-rendered content readable
 * without JavaScript, the site chrome, lists driven by the URL, errors with real statuses, and the
 * browser behaviours of docs/product.md §2, §8 and §9.
 */

const PLATFORM = '某某综合保税区企业服务平台';
const SCREENS = 'test-results/screens';

/** One detail page of each kind, found through its list. */
async function detailHrefs(page: Page) {
  return {
    notice: await firstLink(page, '/notice', '/notice/detail?id='),
    policy: await firstLink(page, '/important-policy', '/important-policy/detail?id='),
    appeal: await firstLink(page, '/appeal', '/appeal/detail?id='),
  };
}

async function withoutJs<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: siteOrigin(), locale: 'zh-CN' });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function expectChrome(page: Page, currentMenu: string) {
  const header = page.locator('header.site-header');
  await expect(header.getByRole('link', { name: PLATFORM })).toHaveAttribute('href', '/');
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(nav.getByRole('link')).toHaveText(['首页', '企业诉求', '重点政策', '通知公告', '通讯录', '免申即享']);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(currentMenu);
  const footer = page.locator('footer.site-footer');
  const qrCodes = footer.locator('img.site-footer__qr-code');
  await expect(qrCodes).toHaveCount(2);
  await expect(qrCodes.first()).toHaveAttribute('src', /^\/uaa\/api\/ua\/platform\/qr\/0\?v=\w+$/);
  await expect(footer.getByRole('link', { name: /ICP备/ })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await expect(footer.getByRole('img', { name: '党政机关网站标识' })).toBeVisible();
}

test.describe('without JavaScript', () => {
  test('every public page is server-rendered with header, navigation and footer', async ({ browser, page }) => {
    const details = await detailHrefs(page);
    const pages: { url: string; menu: string; title: string; text: RegExp | string }[] = [
      { url: '/', menu: '首页', title: PLATFORM, text: /欢迎访问/ },
      { url: '/appeal', menu: '企业诉求', title: `企业诉求 - ${PLATFORM}`, text: '诉求企业' },
      { url: details.appeal, menu: '企业诉求', title: ` - ${PLATFORM}`, text: '办理过程' },
      { url: '/important-policy', menu: '重点政策', title: `重点政策 - ${PLATFORM}`, text: '发文机关' },
      { url: details.policy, menu: '重点政策', title: ` - ${PLATFORM}`, text: '文号' },
      { url: '/notice', menu: '通知公告', title: `通知公告 - ${PLATFORM}`, text: '发布单位' },
      { url: details.notice, menu: '通知公告', title: ` - ${PLATFORM}`, text: '发布时间' },
      { url: '/address-book', menu: '通讯录', title: `通讯录 - ${PLATFORM}`, text: '联系电话' },
      { url: '/free-apply', menu: '免申即享', title: `免申即享 - ${PLATFORM}`, text: '主管部门' },
      { url: '/free-apply?tab=declare', menu: '免申即享', title: `申报项目 - ${PLATFORM}`, text: '申报时间' },
      { url: '/free-apply?tab=proclamation', menu: '免申即享', title: `公示公告 - ${PLATFORM}`, text: '异议截止' },
    ];
    await withoutJs(browser, async (p) => {
      for (const { url, menu, title, text } of pages) {
        const res = await p.goto(url);
        expect(res?.status(), url).toBe(200);
        await expect(p).toHaveTitle(new RegExp(title.replace(/[()]/g, '\\$&')));
        await expect(p.locator('main')).toContainText(text);
        await expectChrome(p, menu);
      }
      // The html element declares the language.
      expect(await p.locator('html').getAttribute('lang')).toBe('zh-CN');
    });
  });

  test('lists page and search through plain links and GET forms', async ({ browser }) => {
    await withoutJs(browser, async (p) => {
      await p.goto('/notice');
      await p.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' }).click();
      await expect(p).toHaveURL(/\/notice\?currentPage=2$/);
      await expect(p.locator('.pagination [aria-current="page"]')).toHaveText('2');

      await p.getByRole('searchbox', { name: '关键词' }).fill('招聘会');
      await p.getByRole('searchbox', { name: '关键词' }).press('Enter');
      await expect(p).toHaveURL(/\/notice\?keyword=/);
      await expect(p.locator('.doc-list__title a').first()).toContainText('招聘会');
      expect(new URL(p.url()).searchParams.get('currentPage')).toBeNull();

      await p.goto('/important-policy');
      await p.getByRole('combobox', { name: '政策级别' }).selectOption({ label: '市级' });
      await p.locator('#main').getByRole('button', { name: '搜索' }).click(); // the list's own, not the header's 站内搜索
      const level = new URL(p.url()).searchParams.get('level');
      expect(level).toBeTruthy();
      const badges = p.locator('.doc-list__aside');
      await expect(badges.first()).toContainText('市级');
    });
  });
});

test.describe('with JavaScript', () => {
  test('pages hydrate without console errors or hydration warnings', async ({ page }) => {
    const problems = watchConsole(page);
    const details = await detailHrefs(page);
    for (const [name, url] of [
      ['home', '/'],
      ['appeal', '/appeal'],
      ['appeal-detail', details.appeal],
      ['policy', '/important-policy'],
      ['policy-detail', details.policy],
      ['notice', '/notice'],
      ['notice-detail', details.notice],
      ['address-book', '/address-book'],
      ['free-apply', '/free-apply'],
      ['free-apply-declare', '/free-apply?tab=declare'],
      ['free-apply-proclamation', '/free-apply?tab=proclamation'],
      ['notice-empty', '/notice?keyword=没有这样的标题'],
    ] as const) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await photograph(page, `${SCREENS}/public-${name}.png`, { fullPage: true });
    }
    expect(problems).toEqual([]);
  });

  test('the free-apply tabs and the appeal filters live in the URL', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/free-apply');
    const tabs = page.getByRole('navigation', { name: '项目分类' });
    await expect(tabs.locator('[aria-current="page"]')).toHaveText('免申即享');
    await tabs.getByRole('link', { name: '申报项目' }).click();
    await expect(page).toHaveURL(/\/free-apply\?tab=declare$/);
    await page.getByRole('combobox', { name: '申报状态' }).selectOption({ label: '申报中' });
    await expect(page).toHaveURL(/tab=declare&status=open/);
    const statuses = page.locator('.doc-list__aside .badge');
    await expect(statuses.first()).toHaveText('申报中');
    expect(await statuses.allTextContents()).toEqual(Array(await statuses.count()).fill('申报中'));
    // Amounts follow the docs/product.md §5 rule.
    for (const text of await page.locator('.amount').allTextContents()) expect(text).toMatch(/^(\d+(\.\d+)?(-\d+(\.\d+)?)?万元|根据实际情况给予资金扶持)$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/free-apply\?tab=declare$/);
    await tabs.getByRole('link', { name: '公示公告' }).click();
    await expect(page.locator('.doc-list__title a').first()).toHaveAttribute('href', /\/free-apply\/proclamation\/detail\?projectId=\d+&id=\d+/);

    await page.goto('/appeal');
    await page.getByRole('combobox', { name: '办理状态' }).selectOption({ label: '已办结' });
    await expect(page).toHaveURL(/\/appeal\?status=resolved$/);
    const appealStatuses = page.locator('.doc-list__aside .badge');
    await expect(appealStatuses.first()).toHaveText('已办结');
    expect(await appealStatuses.allTextContents()).toEqual(Array(await appealStatuses.count()).fill('已办结'));
    await expect(page.locator('.doc-list__reply').first()).toContainText('答复');
    expect(problems).toEqual([]);
  });

  test('paging and search are in the URL and the back button returns', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/notice');
    const firstTitle = await page.locator('.doc-list__title a').first().textContent();
    await page.getByRole('link', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(/currentPage=2/);
    await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2');
    await expect(page.locator('.doc-list__title a').first()).not.toHaveText(firstTitle!);

    await page.getByRole('searchbox', { name: '关键词' }).fill('招聘会');
    await page.locator('#main').getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/notice\?keyword=%E6%8B%9B%E8%81%98%E4%BC%9A$/);
    await expect(page.locator('.doc-list__title a').first()).toContainText('招聘会');

    await page.goBack();
    await expect(page).toHaveURL(/currentPage=2/);
    await expect(page.getByRole('searchbox', { name: '关键词' })).toHaveValue('');
    await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2');
    await page.goBack();
    await expect(page).toHaveURL(/\/notice$/);
    await expect(page.locator('.doc-list__title a').first()).toHaveText(firstTitle!);

    // A filter select applies at once.
    await page.goto('/address-book');
    const department = (await page.locator('.data-table tbody tr').last().locator('td').first().textContent())!;
    await page.getByRole('combobox', { name: '部门' }).selectOption(department);
    await expect(page).toHaveURL(/department=/);
    // Wait for the filtered rows themselves: counting right after the URL changes counts the old page.
    const departments = page.locator('.data-table tbody tr td:first-child');
    await expect(departments.first()).toHaveText(department);
    await expect(departments.filter({ hasNotText: new RegExp(`^${department.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('an empty result says so with a hint', async ({ page }) => {
    await page.goto('/notice?keyword=没有这样的标题');
    await expect(page.getByText('暂无相关内容')).toBeVisible();
    await expect(page.getByText(/换个关键词/)).toBeVisible();
  });

  test('bad list parameters fall back to defaults, never a 500', async ({ page }) => {
    for (const url of [
      '/notice?currentPage=abc',
      '/notice?pageSize=-5&currentPage=0',
      '/important-policy?level=' + 'x'.repeat(80),
      '/address-book?currentPage=99999',
    ]) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(200);
    }
  });

  test('the header: logo to the government site, title home, login and register', async ({ page }) => {
    await page.goto('/notice');
    const logo = page.locator('a.site-header__logo');
    await expect(logo).toHaveAttribute('target', '_blank');
    await expect(logo).toHaveAttribute('rel', /noopener/);
    await expect(logo).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/auth/login');
    await expect(page.getByRole('link', { name: '注册' })).toHaveAttribute('href', '/auth/register');
    await page.getByRole('link', { name: PLATFORM }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: '主导航' }).locator('[aria-current="page"]')).toHaveText('首页');
  });

  test('signed in: greeting with tooltip to the user centre, separator, and logout back home', async ({ page }) => {
    const problems = watchConsole(page);
    await login(page);
    await page.goto('/notice');
    const greeting = page.locator('a.site-header__greeting');
    await expect(greeting).toHaveText('您好，陈思远');
    await expect(greeting).toHaveAttribute('href', '/user');
    await expect(greeting).toHaveAttribute('title', '陈思远');
    await expect(page.locator('.site-header__sep')).toBeAttached();
    await expect(page.getByRole('link', { name: '登录' })).toHaveCount(0);
    await photograph(page, `${SCREENS}/public-signed-in.png`);
    // A long nickname is cut with an ellipsis; the tooltip still has it whole.
    const nick = page.locator('.site-header__nick');
    await nick.evaluate((el) => (el.textContent = '一个非常非常非常非常非常非常长的企业联系人昵称'));
    const [scroll, client] = await nick.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scroll).toBeGreaterThan(client);
    expect(await nick.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');

    const logout = page.waitForRequest((r) => r.url().endsWith('/fykj/logout'));
    await page.getByRole('button', { name: '退出登录' }).click();
    await logout;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
    await expect(page.locator('a.site-header__greeting')).toHaveCount(0);
    // The session is gone on the server too.
    await page.reload();
    await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('signed in, the address book stars entries for the user centre', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/address-book');
    await expect(page.locator('.star-toggle')).toHaveCount(0);
    await login(page);
    await page.reload();
    const star = page.locator('.data-table tbody tr').nth(2).locator('.star-toggle');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/book/gov/star'));
    await star.click();
    expect(await (await saved).json()).toMatchObject({ code: 0, data: { starred: true } });
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.locator('.data-table tbody tr').nth(2).locator('.star-toggle')).toHaveAttribute('aria-pressed', 'true');
    const starred = await page.request.get('/api/book/gov/starred');
    const name = await page.locator('.data-table tbody tr').nth(2).locator('td').nth(1).textContent();
    expect((await starred.json()).data.map((e: { name: string }) => e.name)).toContain(name);
    const removed = page.waitForResponse((r) => r.url().endsWith('/api/book/gov/star'));
    await page.locator('.data-table tbody tr').nth(2).locator('.star-toggle').click();
    expect(await (await removed).json()).toMatchObject({ code: 0, data: { starred: false } });
    await expect(page.locator('.data-table tbody tr').nth(2).locator('.star-toggle')).toHaveAttribute('aria-pressed', 'false');
    expect(problems).toEqual([]);
  });

  test('unknown pages and ids answer 404 with the error page', async ({ page }) => {
    const problems = watchConsole(page, { allow: /Failed to load resource: the server responded with a status of 404/ });
    for (const url of [
      '/no-such-page',
      '/notice/detail?id=999999',
      '/notice/detail?id=abc',
      '/important-policy/detail?id=0',
      '/important-policy/detail',
      '/appeal/detail?id=999999',
      '/appeal/detail?id=1%27%20or%201=1',
    ]) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
      await expect(page.getByText('This page could not be found')).toBeVisible();
      await expect(page).toHaveTitle(`页面不存在 - ${PLATFORM}`);
    }
    await photograph(page, `${SCREENS}/public-404.png`, { fullPage: true });
    await expectChrome(page, '企业诉求');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#home-greeting')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a slow navigation shows the progress bar, a fast one does not', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('progressbar', { name: '页面加载中' });
    // Fast: the data arrives well inside the 200 ms throttle.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '通讯录' }).click();
    await expect(page).toHaveURL(/\/address-book$/);
    await expect(page.locator('.data-table')).toBeVisible();
    await expect(bar).toHaveCount(0);

    await page.route('**/*.data*', async (route) => {
      await new Promise((r) => setTimeout(r, 900));
      await route.continue();
    });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '重点政策' }).click();
    await expect(bar).toBeVisible();
    await expect(page).toHaveURL(/\/important-policy$/);
    await expect(bar).toHaveCount(0);
  });

  test('a list shows its loading state at least 200 ms while the next page loads', async ({ page }) => {
    await page.goto('/notice');
    await page.route('**/*.data*', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.getByRole('link', { name: '第 2 页' }).click();
    const veil = page.locator('.list-loading__veil');
    await expect(veil).toBeVisible();
    const shownAt = Date.now();
    await expect(veil).toHaveCount(0);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(150);
    await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2');
  });

  test('visits to menu pages are recorded, after hydration and on client navigation', async ({ page }) => {
    const first = page.waitForRequest((r) => r.url().endsWith('/api/access-log/add') && r.method() === 'POST');
    await page.goto('/notice?keyword=通知');
    const body = (await first).postDataJSON();
    // The URL as the address bar holds it (location.search is percent-encoded).
    expect(body).toEqual({ source: 'pc', name: '通知公告', url: `/notice?keyword=${encodeURIComponent('通知')}` });

    const next = page.waitForRequest((r) => r.url().endsWith('/api/access-log/add') && r.postDataJSON()?.name === '重点政策');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '重点政策' }).click();
    expect((await next).postDataJSON()).toEqual({ source: 'pc', name: '重点政策', url: '/important-policy' });
    const response = await (await next).response();
    expect(await response?.json()).toMatchObject({ code: 0 });
  });

  test('the offline banner follows the network', async ({ page, context }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const banner = page.getByRole('alert').filter({ hasText: '网络已断开，请检查网络连接' });
    await expect(banner).toHaveCount(0);
    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
  });

  test('no link prefetch on a data-saver connection', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: Object.assign(new EventTarget(), { effectiveType: '4g', saveData: true }) });
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '通知公告' }).hover();
    await page.waitForTimeout(300);
    await expect(page.locator('link[rel="prefetch"], link[rel="modulepreload"][href*="notice"]')).toHaveCount(0);
  });

  test('a ctrl-click opens a portal link in a new tab and leaves this page as it is', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const link = page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '通知公告' });
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click({ modifiers: ['ControlOrMeta'] })]);
    await expect(tab).toHaveURL(/\/notice$/);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /欢迎您/ })).toBeVisible();
  });

  test('links prefetch on intent on a good connection', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '通知公告' }).hover();
    await expect(page.locator('link[rel="prefetch"][href*="notice"]').first()).toBeAttached();
  });
});
