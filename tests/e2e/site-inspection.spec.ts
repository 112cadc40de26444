import { expectAccessible } from './a11y-check.ts';
import { DEMO_PASSWORD, signIn } from './console-session.ts';
import { photograph } from './photograph.ts';
import { expect, hydrated, test, watchConsole } from './visitor.ts';

const SCREENS = 'test-results/screens';

/**
 * Ready for the 政府网站普查: the footer carries the national 我为政府网站找错 badge with the site's
 * 网站标识码; a visitor reports an error from a detail page's 纠错 link and an editor answers it in
 * the console; the editor's 工作台 puts the columns that went without news first.
 */
test('a visitor reports an error through 纠错, the footer links to 我为政府网站找错, and the editor answers', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  // Every public detail page carries the link; a list page does not.
  for (const [list, detail] of [
    ['/important-policy', /\/important-policy\/detail\?id=\d+/],
    ['/free-apply', /\/free-apply\/free-project\/detail\?id=\d+/],
    ['/free-apply?tab=proclamation', /\/free-apply\/proclamation\/detail\?/],
  ] as const) {
    await page.goto(list);
    await expect(page.getByRole('link', { name: '纠错', exact: true })).toHaveCount(0);
    await page.locator(`a[href^="${list.split('?')[0]}/"]`).first().click();
    await page.waitForURL(detail);
    await expect(page.getByRole('link', { name: '纠错', exact: true })).toBeVisible();
  }
  await page.goto('/notice');
  const first = page.locator('.doc-list a').first();
  const title = (await first.textContent())!.trim();
  await first.click();
  await page.waitForURL(/\/notice\/detail\?id=\d+/);
  await hydrated(page);

  // The badge beside the other marks, leading to the national platform with this site's code.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('网站标识码：3100000000')).toBeVisible();
  const badge = footer.getByRole('link', { name: /我为政府网站找错/ });
  await expect(badge).toBeVisible();
  const href = new URL((await badge.getAttribute('href'))!);
  expect(href.origin).toBe('https://zfwzzc.www.gov.cn');
  expect(href.searchParams.get('site_code')).toBe('3100000000');
  await expect(badge).toHaveAttribute('target', '_blank');

  await photograph(page, `${SCREENS}/notice-detail-correction-link.png`, { fullPage: true });
  const detailUrl = new URL(page.url());
  await page.getByRole('link', { name: '纠错', exact: true }).click();
  await page.waitForURL(/\/correction\?/);
  await expect(page.getByRole('heading', { name: '网站纠错', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', detailUrl.pathname + detailUrl.search);
  await hydrated(page);
  await expectAccessible(page);

  await photograph(page, `${SCREENS}/correction-form.png`);
  // Too short a description says what is wanted; then a real one goes through.
  await page.getByLabel('哪里有误').fill('错了');
  await page.getByRole('button', { name: '提交纠错' }).click();
  // The field's own message (the page's live region says the same sentence aloud for a moment).
  await expect(page.getByRole('form', { name: '网站纠错' }).getByText('请描述页面中的错误（至少 5 个字），如错别字、链接打不开、信息过时')).toBeVisible();
  await page.getByLabel('哪里有误').fill('正文第二段的报名截止日期与附件中的不一致，请核实。');
  await page.getByLabel('联系方式').fill('13900002222');
  await page.getByRole('button', { name: '提交纠错' }).click();
  await expect(page.getByRole('heading', { name: '感谢您的纠错' })).toBeVisible();
  const receipt = (await page.getByText(/受理编号 WZ\d{8}-\d{4}/).textContent())!.match(/WZ\d{8}-\d{4}/)![0];
  await photograph(page, `${SCREENS}/correction-done.png`);

  // The editor finds it in 网站纠错, with its deadline, and answers it.
  await signIn(page, 'editor', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.goto('/console/correction');
  const row = page.getByRole('row', { name: new RegExp(receipt) });
  await expect(row).toContainText(title);
  await expect(row).toContainText('23:59');
  await row.getByRole('link', { name: '答复' }).click();
  await page.waitForURL(/\/console\/correction\/\d+$/);
  await expectAccessible(page);
  await expect(page.getByText('正文第二段的报名截止日期与附件中的不一致，请核实。')).toBeVisible();
  await page.getByLabel('答复（核实结果与处理情况）').fill('已核实并更正报名截止日期，感谢指正。');
  await page.getByRole('button', { name: '答复', exact: true }).click();
  await expect(page.getByText('已答复', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('已核实并更正报名截止日期，感谢指正。')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the editor’s 工作台 shows the columns that went without news first, as the freshness table has them', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'editor', DEMO_PASSWORD);
  await page.waitForURL('**/console');

  const columns = (await (await page.request.get('/console/api/content/freshness')).json()).data as { title: string; state: string }[];
  const late = columns.filter((c) => c.state !== 'ok');
  // The demo data has a policy category whose newest policy is over 6 months old.
  expect(late.some((c) => c.state === 'stale')).toBe(true);

  const card = page.getByRole('list', { name: '需要更新的栏目' });
  await expect(card.getByRole('listitem')).toHaveCount(late.length);
  await expect(card.getByRole('listitem').first()).toContainText('已超期');
  await expect(card.getByRole('listitem').first()).toContainText(late[0].title);
  // The card comes before the rest of the person's work and the menu's entry points.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings[0]).toBe('栏目更新提醒');
  // The daily job (it ran as the server started) told the editor in-site.
  await expect(page.getByText(/栏目“.+”已超期未更新/).first()).toBeVisible();
  await photograph(page, `${SCREENS}/console-dashboard-freshness.png`, { fullPage: true });
  await expectAccessible(page);

  await page.getByRole('link', { name: '查看全部栏目 →' }).click();
  await page.waitForURL('**/console/freshness');
  await expect(page.getByRole('row')).toHaveCount(columns.length + 1);
  await photograph(page, `${SCREENS}/console-freshness.png`, { fullPage: true });
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('the system administrator finds the 找错 address and the 栏目更新期限 in 站点设置, held to the 普查 limits', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.goto('/console/settings');
  await expect(page.getByLabel('“我为政府网站找错”平台网址')).toHaveValue('https://zfwzzc.www.gov.cn/');
  const limits = page.getByRole('form', { name: '栏目更新期限' });
  await expect(limits.getByLabel('首页新闻更新期限')).toHaveValue('14');
  await expect(limits.getByLabel('其他栏目更新期限')).toHaveValue('180');
  // Looser than the 普查 allows is not taken: the field stops at 14 days.
  const homeNews = limits.getByLabel('首页新闻更新期限');
  await homeNews.fill('15');
  await homeNews.blur();
  await expect(homeNews).toHaveValue('14');
  // Tighter is: saved, and the freshness table counts with it.
  await homeNews.fill('7');
  await limits.getByRole('button', { name: '保存栏目更新期限' }).click();
  await expect(page.getByText('栏目更新期限已保存')).toBeVisible();
  const saved = (await (await page.request.get('/console/api/setting/freshness')).json()).data;
  expect(saved).toEqual({ homeNewsDays: 7, columnDays: 180 });
  await limits.scrollIntoViewIfNeeded();
  await photograph(page, `${SCREENS}/console-settings-freshness.png`);
  await expectAccessible(page);
  // Back to the 普查's own limit for the journeys after this one.
  await homeNews.fill('14');
  await limits.getByRole('button', { name: '保存栏目更新期限' }).click();
  await expect.poll(async () => (await (await page.request.get('/console/api/setting/freshness')).json()).data.homeNewsDays).toBe(14);
  expect(problems).toEqual([]);
});
