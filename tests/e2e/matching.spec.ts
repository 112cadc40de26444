import { choose } from './antd-select.ts';
import { settled } from './antd-motion.ts';
import { DEMO_PASSWORD, signIn } from './console-session.ts';
import { newEnterpriseIds, signUpThroughApi } from './enterprise-api.ts';
import { photograph } from './photograph.ts';
import { expect, hydrated, test, watchConsole } from './visitor.ts';
import type { Page } from '@playwright/test';

/**
 * 政策找人 in Chromium against the built server: an enterprise fills in its profile and sees its
 * verdicts change on /user and on a project's page; a visitor uses the 政策计算器, with and without
 * JavaScript; a reviewer composes a project's conditions in the console and sees them read back.
 */

const SCREENS = 'test-results/screens';
const RD_PROJECT = '2026年度综合保税区企业研发投入补助';
const matchItem = (page: Page, title: string) => page.locator('.match-item').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test('an enterprise fills in its profile and sees its verdicts change, condition by condition', async ({ page }) => {
  const problems = watchConsole(page);
  const ids = newEnterpriseIds('158');
  await signUpThroughApi(page, { ...ids, enterpriseName: '上海画像测试精密机械有限公司', contactName: '王测试' });

  // Nothing declared yet: the projects with conditions are all still to be completed.
  await page.goto('/user');
  const section = page.getByRole('region', { name: '为您匹配' });
  await expect(section).toBeVisible();
  await expect(section.getByText('您还没有填写企业画像')).toBeVisible();
  const rd = matchItem(page, RD_PROJECT);
  await expect(rd.locator('.match-tag')).toHaveText('待补充信息');
  await expect(rd.getByText('还需补充：成立日期、上年度研发投入占营业收入比例')).toBeVisible();
  await rd.getByRole('link', { name: '去完善企业画像 ›' }).click();

  await expect(page.getByRole('heading', { name: '企业画像' })).toBeVisible();
  await hydrated(page);
  await choose(page, '所属行业', 'C 制造业');
  // The first list slides out before the second opens.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await choose(page, '企业规模', '小型');
  await page.getByLabel('成立日期').fill('2018-06-01');
  await page.getByLabel('从业人员（人）').fill('80');
  await page.getByLabel('上年度营业收入（万元）').fill('3000');
  await page.getByLabel('上年度研发投入占营业收入比例（%）').fill('150');
  await page.getByLabel('上年度进出口额（万美元）').fill('200');
  await page.getByLabel('高新技术企业').check();
  await page.getByRole('button', { name: '保存企业画像' }).click();
  // The browser says what the server would: the same schema.
  await expect(page.locator('#rdRatio_help')).toHaveText('上年度研发投入占营业收入比例（%）不能超过 100');
  await page.getByLabel('上年度研发投入占营业收入比例（%）').fill('4.5');
  await page.getByRole('button', { name: '保存企业画像' }).click();
  await expect(page.getByText('企业画像已保存，匹配结果已更新')).toBeVisible();
  await expect(page.getByText('企业自报').first()).toBeVisible();
  await photograph(page, `${SCREENS}/matching-profile.png`, { fullPage: true });

  await page.goto('/user');
  await expect(rd.locator('.match-tag')).toHaveText('符合条件');
  await expect(rd.getByText('（本企业：4.5%）')).toBeVisible();
  // Without 保税维修业务资质 the repair project is not for this enterprise, and says why.
  const repair = matchItem(page, '保税维修业务试点企业扶持');
  await expect(repair.locator('.match-tag')).toHaveText('暂不符合');
  await expect(repair.getByText('具有保税维修业务资质', { exact: true })).toBeVisible();
  // Eligible ones come first.
  await expect(section.locator('.match-item').first().locator('.match-tag')).toHaveText('符合条件');
  await photograph(page, `${SCREENS}/matching-user.png`, { fullPage: true });

  await rd.getByRole('link', { name: RD_PROJECT }).click();
  const check = page.getByRole('region', { name: '条件核对' });
  await expect(check.getByText('可自动核对的条件：成立满 1 年，且上年度研发投入占营业收入比例不低于 3%。')).toBeVisible();
  await expect(check.locator('.match-tag')).toHaveText('符合条件');
  await check.scrollIntoViewIfNeeded();
  await photograph(page, `${SCREENS}/matching-project.png`);
  expect(problems).toEqual([]);
});

test('a visitor answers the 政策计算器 and sees the verdicts, without signing in', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/policy-calculator');
  await expect(page.getByRole('heading', { name: '政策计算器' })).toBeVisible();
  await hydrated(page);
  await page.getByLabel('所属行业').selectOption('G');
  await page.getByLabel('上年度进出口额（万美元）').fill('1500');
  await page.getByRole('button', { name: '查看匹配结果' }).click();
  await expect(page).toHaveURL(/importExport=1500/);
  const results = page.getByRole('region', { name: '匹配结果' });
  await expect(matchItem(page, '跨境电商海外仓建设补贴').locator('.match-tag')).toHaveText('符合条件');
  await expect(matchItem(page, '跨境电商海外仓建设补贴').getByText('（您填写的：1500 万美元）')).toBeVisible();
  // Nothing ticked: the visitor holds none of the qualifications.
  await expect(matchItem(page, '高新技术企业认定奖励（免申即享）').locator('.match-tag')).toHaveText('暂不符合');
  await expect(matchItem(page, RD_PROJECT).getByText('还需补充：成立日期、上年度研发投入占营业收入比例')).toBeVisible();
  await expect(results).toBeVisible();
  await photograph(page, `${SCREENS}/matching-calculator.png`, { fullPage: true });
  expect(problems).toEqual([]);
});

test('the 政策计算器 works without JavaScript and says what is wrong with an answer', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.77' } });
  const page = await context.newPage();
  await page.goto('/policy-calculator?calc=1&industry=C&foundedOn=2031-01-01&qualifications=hnte');
  await expect(page.getByRole('alert').filter({ hasText: '成立日期不能晚于今天' })).toBeVisible();
  await expect(page.getByRole('region', { name: '匹配结果' })).toHaveCount(0);
  await page.getByLabel('成立日期').fill('2015-03-01');
  await page.getByRole('button', { name: '查看匹配结果' }).click();
  await expect(matchItem(page, '高新技术企业认定奖励（免申即享）').locator('.match-tag')).toHaveText('符合条件');
  await expect(page.getByLabel('高新技术企业')).toBeChecked();
  await context.close();
});

test('a reviewer composes a project’s conditions, reads them back and sees how many enterprises they reach', async ({ page }) => {
  const problems = watchConsole(page);
  const project = '高新技术企业认定奖励（免申即享）';
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/console/login'));
  await page.goto(`/console/free-project?keyword=${encodeURIComponent('高新技术企业认定奖励')}`);
  await page.getByRole('button', { name: `编辑 ${project}` }).click();
  const drawer = page.getByRole('dialog', { name: '编辑免申即享项目' });
  await settled(drawer);
  await expect(drawer.getByText('读作：具有高新技术企业资质。')).toBeVisible();
  // Published with its rules: the push told the zone's high-tech enterprises (and any journey's enterprise that matched since).
  const push = drawer.getByRole('region', { name: '政策推送' });
  await expect(push.getByText(/^已告知符合条件的企业 \d+ 家，请 \d+ 家企业补充企业画像；最近一次 /)).toBeVisible();
  await expect(push.getByRole('cell', { name: '上海浦江精密制造有限公司' })).toBeVisible();
  await push.scrollIntoViewIfNeeded();
  await photograph(page, `${SCREENS}/matching-console-push.png`);

  await drawer.getByRole('button', { name: '添加条件' }).click();
  await choose(page, '第 2 条条件的企业属性', '上年度营业收入（万元）');
  await drawer.getByRole('spinbutton', { name: '上年度营业收入的取值' }).fill('5000');
  await expect(drawer.getByText('读作：具有高新技术企业资质，且上年度营业收入不低于 5000 万元。')).toBeVisible();
  await drawer.getByRole('button', { name: '预览匹配企业数' }).click();
  // Of the zone's verified profiles, one holds the qualification with more than 5,000 万元 of revenue.
  await expect(drawer.getByText(/按企业画像，符合条件 1 家，待补充信息 \d+ 家（共 \d+ 家企业）/)).toBeVisible();
  await drawer.getByText('匹配条件（政策找人）').scrollIntoViewIfNeeded();
  await photograph(page, `${SCREENS}/matching-console-rules.png`);
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('免申即享项目已保存')).toBeVisible();

  // The portal reads the same sentence on the project's page.
  await page.goto('/free-apply');
  await page.getByRole('link', { name: project }).first().click();
  await expect(page.getByText('可自动核对的条件：具有高新技术企业资质，且上年度营业收入不低于 5000 万元。')).toBeVisible();
  expect(problems).toEqual([]);
});
