import { DEMO_PASSWORD, signIn } from './console-session.ts';
import { newEnterpriseIds, signUpThroughApi } from './enterprise-api.ts';
import { photograph } from './photograph.ts';
import { expect, hydrated, test, watchConsole, siteOrigin } from './visitor.ts';

/**
 * 一企一档 of one enterprise and the SMS opt-in, in Chromium against the built server: a reviewer
 * opens an enterprise from the list and reads its profile, appeals and declarations (at 1440 px,
 * and in 关怀模式 without sideways scrolling); an enterprise asks for pushes by SMS.
 */

const SCREENS = 'test-results/screens';
const DEMO_ENTERPRISE = '示范科技（上海）有限公司';

test('a reviewer opens an enterprise from the list and sees its profile, appeals and declarations', async ({ page, context }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/console/login'));
  await page.goto(`/console/enterprises?keyword=${encodeURIComponent('示范科技')}`);
  await page.getByRole('link', { name: DEMO_ENTERPRISE }).click();
  await expect(page).toHaveURL(/\/console\/enterprises\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `一企一档：${DEMO_ENTERPRISE}` })).toBeVisible();
  // The demo enterprise has not filled in its profile yet, and no department verified anything of it.
  await expect(page.getByText('该企业尚未填写企业画像，也没有部门核实的数据。')).toBeVisible();

  // The appeals come first; the reviewer reads them but does not open the work orders.
  const appeals = page.getByRole('tab', { name: /^诉求（\d+）$/ });
  await expect(appeals).toHaveAttribute('aria-selected', 'true');
  const appealPanel = page.getByRole('tabpanel');
  await expect(appealPanel.getByRole('columnheader', { name: '诉求标题' })).toBeVisible();
  await expect(appealPanel.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await photograph(page, `${SCREENS}/dossier-appeals.png`, { fullPage: true });

  await page.getByRole('tab', { name: /^项目申报（\d+）$/ }).click();
  await expect(page).toHaveURL(/list=declarations/);
  const declarations = page.getByRole('tabpanel');
  await expect(declarations.getByRole('cell', { name: '审核通过' }).first()).toBeVisible();
  // The draft stays the enterprise's own; each sent declaration opens the review page.
  await expect(declarations.getByRole('cell', { name: '草稿' })).toHaveCount(0);
  await photograph(page, `${SCREENS}/dossier-declarations.png`, { fullPage: true });
  await declarations.locator('tbody tr.ant-table-row a').first().click();
  await expect(page).toHaveURL(/\/console\/declare\/\d+$/);
  await page.goBack();

  await page.getByRole('tab', { name: /^免申即享（\d+）$/ }).click();
  await expect(page.getByRole('tabpanel').getByRole('cell', { name: '待确认' }).first()).toBeVisible();

  // A zone enterprise whose profile a department verified: the source and the day beside each value.
  await page.goto(`/console/enterprises?keyword=${encodeURIComponent('浦江精密')}`);
  await page.getByRole('link', { name: '上海浦江精密制造有限公司' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '一企一档：上海浦江精密制造有限公司' })).toBeVisible();
  const revenue = page.getByRole('row', { name: /^上年度营业收入（万元）/ });
  await expect(revenue.getByText('市场监管局核实')).toBeVisible();
  await expect(revenue.getByText('26000 万元').first()).toBeVisible();
  await photograph(page, `${SCREENS}/dossier-verified.png`, { fullPage: true });

  // 关怀模式 at the same width: larger type, and still no sideways scrolling.
  await context.addCookies([{ name: 'care_mode', value: '1', url: siteOrigin() }]);
  await page.reload();
  await expect(page.locator('html')).toHaveClass('care');
  await expect(page.getByRole('heading', { level: 1, name: '一企一档：上海浦江精密制造有限公司' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
  await photograph(page, `${SCREENS}/dossier-care.png`, { fullPage: true });
  expect(problems).toEqual([]);
});

test('an enterprise asks for pushes by SMS on its profile page', async ({ page }) => {
  const problems = watchConsole(page);
  const ids = newEnterpriseIds('159');
  await signUpThroughApi(page, { ...ids, enterpriseName: '上海短信订阅测试贸易有限公司', contactName: '李测试' });
  await page.goto('/user/profile');
  await hydrated(page);
  const sms = page.getByRole('switch', { name: '接收政策推送短信' });
  await expect(sms).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('开启后，平台告知贵企业符合某个项目的条件时，会另发一条短信到您登录账号的手机号；每个项目至多一条。')).toBeVisible();
  await sms.click();
  await page.getByRole('button', { name: '保存企业画像' }).click();
  await expect(page.getByText('企业画像已保存，匹配结果已更新')).toBeVisible();
  const masked = `${ids.phone.slice(0, 3)}****${ids.phone.slice(7)}`;
  await expect(page.getByText(`已开启：平台告知贵企业符合某个项目的条件时，会另发一条短信到 ${masked}。`)).toBeVisible();
  await page.getByRole('switch', { name: '接收政策推送短信' }).scrollIntoViewIfNeeded();
  await photograph(page, `${SCREENS}/profile-push-sms.png`);

  await page.reload();
  await expect(page.getByRole('switch', { name: '接收政策推送短信' })).toHaveAttribute('aria-checked', 'true');
  expect(problems).toEqual([]);
});
