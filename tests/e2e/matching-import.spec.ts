import { mkdirSync, writeFileSync } from 'node:fs';
import { expectAccessible } from './a11y-check.ts';
import { confirmDialog } from './antd-dialog.ts';
import { settled } from './antd-motion.ts';
import { choose } from './antd-select.ts';
import { DEMO_PASSWORD, signIn } from './console-session.ts';
import { newEnterpriseIds, signUpThroughApi } from './enterprise-api.ts';
import { photograph } from './photograph.ts';
import { expect, test, watchConsole, siteOrigin } from './visitor.ts';

const SCREENS = 'test-results/screens/matching-import';
const PROJECT = '高新技术企业认定奖励（免申即享）';

/** A department's data as it arrives: one enterprise of this run, a value the profile cannot take, and a USCC not on file. */
function dataFile(uscc: string, name: string): string {
  mkdirSync(SCREENS, { recursive: true });
  const file = `${SCREENS}/市场监管局核实数据.csv`;
  const unknown = newEnterpriseIds('136').uscc;
  const lines = [
    '统一社会信用代码,企业名称,企业规模,资质,上年度进出口额（万美元）,数据来源',
    `${uscc},${name},中型,高新技术企业,1500,区市场监管局`,
    `${uscc},${name},特大型,,,区市场监管局`,
    `${unknown},上海未建档贸易有限公司,小型,,,区市场监管局`,
  ];
  writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`);
  return file;
}

test('staff load a department’s data, the enterprise sees it verified, and a 免申即享 list comes from the rules', async ({ page, browser }) => {
  test.slow(); // two imports, two sign-ins and four pages checked by axe: a minute on a quiet machine
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // An enterprise of this journey, which declared itself small.
  const { phone, uscc } = newEnterpriseIds('137');
  const name = `上海核实导入${uscc.slice(-5)}科技有限公司`;
  const enterprise = await (await browser.newContext({ baseURL: siteOrigin() })).newPage();
  await signUpThroughApi(enterprise, { phone, uscc, enterpriseName: name, contactName: '王核实' });
  const origin = { origin: siteOrigin() };
  expect((await (await enterprise.request.post('/api/enterprise/profile', { data: { scale: 'small' }, headers: origin })).json()).code).toBe(0);

  // The reviewer uploads the department's file from 一企一档: each row checked, what would change, nothing written yet.
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.goto('/console/enterprises');
  await page.getByRole('button', { name: '导入核实数据' }).click();
  await expect(page.getByRole('heading', { name: '导入核实数据' })).toBeVisible();
  await expectAccessible(page, '/console/enterprises/import');
  await page.locator('input[type=file]').setInputFiles(dataFile(uscc, name));
  await expect(page.getByText('“市场监管局核实数据.csv”共 3 行：1 家企业的 3 项画像将写为部门核实，2 行有问题不会导入，0 行与已核实的数据相同将跳过。')).toBeVisible();
  await expect(page.getByText('企业规模“特大型”只能是大型、中型、小型或微型')).toBeVisible();
  await expect(page.getByText('平台上没有该统一社会信用代码的企业，请核对（核实数据只写入已在平台建档的企业）')).toBeVisible();
  await page.getByText('全部 3').click();
  await expect(page.getByText('小型（企业自报）')).toBeVisible();
  await photograph(page, `${SCREENS}/preview.png`, { fullPage: true });
  await expectAccessible(page, '/console/enterprises/import (preview)');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载有问题的行（Excel）' }).click()]);
  expect(download.suggestedFilename()).toBe('市场监管局核实数据-有问题的行.xlsx');

  await page.getByRole('button', { name: '跳过有问题的行，导入 1 行' }).click();
  const summary = page.locator('.ant-modal-confirm');
  await expect(summary).toContainText('为 1 家企业写入 3 项部门核实数据（数据来源：区市场监管局）');
  await settled(summary);
  await confirmDialog(page, '确认导入');
  await expect(page.getByText('已为 1 家企业写入 3 项核实数据')).toBeVisible();
  await page.getByRole('button', { name: '查看一企一档' }).click();
  await page.getByLabel('关键词').fill(uscc);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('企业规模：中型 区市场监管局核实（企业自报：小型）');

  // 一企一档 keeps each change: the enterprise's own save, then the import, each with who wrote it.
  await row.getByRole('link', { name }).click();
  await page.getByRole('tab', { name: /^画像变更/ }).click();
  await page.waitForURL(/list=changes/);
  const changes = page.getByRole('tabpanel').getByRole('row');
  const verified = changes.filter({ hasText: '区市场监管局核实' }).filter({ hasText: '企业规模' });
  await expect(verified).toContainText('（无） → 中型');
  await expect(verified).toContainText('导入《市场监管局核实数据.csv》');
  await expect(changes.filter({ hasText: '企业自报' }).filter({ hasText: '企业规模' })).toContainText('企业账号');
  await photograph(page, `${SCREENS}/dossier-changes.png`, { fullPage: true });
  await expectAccessible(page, '/console/enterprises/:id (画像变更)');

  // The enterprise's own profile shows the verified values, and its own beside the one that differs.
  await enterprise.goto('/user/profile');
  await expect(enterprise.getByText(/部门核实：区市场监管局于 .+ 核实为“中型”，匹配以核实值为准/)).toBeVisible();
  await expect(enterprise.getByText(/核实为“高新技术企业”/)).toBeVisible();
  await photograph(enterprise, `${SCREENS}/enterprise-profile.png`, { fullPage: true });

  // The 免申即享 list from the project's rules, on verified data only, through the same preview and commit.
  await page.goto('/console/free-declare/import');
  await choose(page, '免申即享项目', PROJECT);
  await page.getByText('按匹配条件生成').click();
  await expect(page.getByLabel('每家企业的兑付金额（万元）')).toHaveValue('20');
  await page.getByRole('button', { name: '生成名单预览' }).click();
  await expect(page.getByText(/^按匹配条件核对部门核实数据：/)).toBeVisible();
  await page.getByText(/^全部 \d+/).click();
  const generated = page.getByRole('row', { name: new RegExp(name) });
  await expect(generated).toContainText('将导入');
  await expect(generated).toContainText('区市场监管局核实数据');
  await photograph(page, `${SCREENS}/generated.png`, { fullPage: true });
  await expectAccessible(page, '/console/free-declare/import (from rules)');
  await page.getByRole('button', { name: /导入 \d+ 行$/ }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('按匹配条件和部门核实数据生成：');
  await settled(page.locator('.ant-modal-confirm'));
  await confirmDialog(page, '确认导入');
  await expect(page.getByText(/^已导入 \d+ 条，跳过 \d+ 条$/)).toBeVisible();
  await page.getByRole('button', { name: '查看名单' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('待确认');
  expect(problems).toEqual([]);
});
