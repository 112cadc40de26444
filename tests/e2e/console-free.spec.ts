import ExcelJS from 'exceljs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { confirmDialog, pressInDialog } from './antd-dialog.ts';
import { settled } from './antd-motion.ts';
import { DEMO_PASSWORD, signIn, signOut } from './console-session.ts';
import { expect, signInDemoEnterprise, test, watchConsole } from './visitor.ts';
import { photograph } from './photograph.ts';

const SCREENS = 'test-results/screens/console-free';
const PROJECT = '稳岗就业补贴';

/**
 * The list a bureau would upload: the demo enterprise, and one line typed carelessly (a USCC in
 * lower case with a space and a wrong check digit, an amount in words).
 */
function listFile(): string {
  mkdirSync(SCREENS, { recursive: true });
  const file = `${SCREENS}/稳岗就业补贴名单.csv`;
  const lines = [
    '统一社会信用代码,企业名称,金额（万元）,符合条件,数据来源',
    '91310115MA1K48RD07,示范科技（上海）有限公司,1.5,上年度未裁员或裁员率低于 5.5%,人社局社保数据',
    '91310115 ma1k48rd08,上海校验位有误贸易有限公司,贰万,上年度未裁员,人社局社保数据',
  ];
  writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`);
  return file;
}

test('a list is imported with a bad row skipped, the enterprise confirms, the payer pays, the enterprise sees 已兑付', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The reviewer imports the list: the preview flags the bad row and writes nothing yet.
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.getByRole('link', { name: '免申即享名单', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: '免申即享名单' })).toBeVisible();
  await photograph(page, `${SCREENS}/projects.png`, { fullPage: true });
  await page
    .getByRole('row', { name: new RegExp(PROJECT) })
    .getByRole('button', { name: '导入名单' })
    .click();
  await expect(page.getByRole('heading', { name: '导入名单' })).toBeVisible();
  await expect(page.getByLabel('免申即享项目')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(listFile());
  await expect(page.getByText('共 2 行：1 行将导入到“稳岗就业补贴”，1 行有问题不会导入，0 行已在名单中将跳过。')).toBeVisible();
  await expect(page.getByText('统一社会信用代码校验位不正确（按前 17 位应为 7），请核对')).toBeVisible();
  // Beside the reasons, what was typed: the person sees what to fix.
  const badRow = page.getByRole('row', { name: /上海校验位有误贸易有限公司/ });
  await expect(badRow).toContainText('原文：“91310115 ma1k48rd08”');
  await expect(badRow).toContainText('原文：“贰万”');
  await photograph(page, `${SCREENS}/import-preview.png`, { fullPage: true });
  // The bad rows go offline as .xlsx with a 问题 column and the cells as typed, to be fixed and uploaded again.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载有问题的行（Excel）' }).click()]);
  expect(download.suggestedFilename()).toMatch(/-有问题的行\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  expect((book.getWorksheet('有问题的行')!.getRow(2).values as unknown[]).slice(1, 5)).toEqual([3, '91310115 ma1k48rd08', '上海校验位有误贸易有限公司', '贰万']);
  await page.getByRole('button', { name: '跳过有问题的行，导入 1 行' }).click();
  // A summary to confirm before anything is written: who, how much, who is told.
  const summary = page.locator('.ant-modal-confirm');
  await expect(summary).toContainText('导入 1 家企业，合计');
  await expect(summary).toContainText('1 行有问题，不导入');
  await expect(summary).toContainText('将收到站内消息');
  await settled(summary);
  await photograph(page, `${SCREENS}/import-confirm.png`, { fullPage: true });
  await confirmDialog(page, '确认导入');
  await expect(page.getByText('已导入 1 条，跳过 1 条')).toBeVisible();
  await photograph(page, `${SCREENS}/import-done.png`, { fullPage: true });
  await page.getByRole('button', { name: '查看名单' }).click();
  await expect(page.getByRole('heading', { name: `${PROJECT} · 名单` })).toBeVisible();
  await expect(page.getByRole('row', { name: /示范科技（上海）有限公司/ })).toContainText('待确认');
  await signOut(page);

  // The enterprise is told, opens the row from its message and confirms its receiving account.
  await signInDemoEnterprise(page);
  await page.goto('/user/messages');
  await page.getByText(`您已列入“${PROJECT}”免申即享名单`).first().click();
  await expect(page.getByRole('heading', { name: '免申即享确认' })).toBeVisible();
  await page.getByLabel('开户银行').fill('中国工商银行上海自贸试验区分行');
  await page.getByLabel('银行账号').fill('1001 2443 0930 0012 345');
  await page.getByLabel('联系电话').fill('13800138000');
  await page.getByText('我已核对以上认定信息和收款账户，确认无误').click();
  await page.getByRole('button', { name: '确认', exact: true }).click();
  await pressInDialog(page.getByRole('dialog'), '确认');
  await expect(page.getByText('当前状态：已确认')).toBeVisible();
  await page.context().clearCookies();

  // The payer marks it paid with the voucher number.
  await signIn(page, 'payer', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.goto('/console/free-declare');
  await page
    .getByRole('row', { name: new RegExp(PROJECT) })
    .getByRole('button', { name: '查看名单' })
    .click();
  const row = page.getByRole('row', { name: /示范科技（上海）有限公司/ });
  await expect(row).toContainText('已确认');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登记兑付（1 条）' }).click();
  const dialog = page.getByRole('dialog', { name: '登记兑付' });
  await expect(dialog).toContainText('共 1 条已确认记录，合计 1.5 万元');
  await dialog.getByLabel('兑付凭证号').fill('GK2026-118');
  await settled(dialog);
  await photograph(page, `${SCREENS}/pay.png`, { fullPage: true });
  await pressInDialog(dialog, '登记兑付');
  await expect(page.getByText('已登记 1 条兑付，企业将收到短信通知')).toBeVisible();
  await expect(row).toContainText('已兑付');
  await expect(row).toContainText('GK2026-118');
  await photograph(page, `${SCREENS}/rows-paid.png`, { fullPage: true });
  await signOut(page);

  // The enterprise sees 已兑付 with the voucher, and the whole history.
  await signInDemoEnterprise(page);
  await page.goto('/user/free-apply?kind=free&status=paid');
  await expect(page.getByText(PROJECT).first()).toBeVisible();
  await page.goto('/user/messages');
  await page.getByText(`免申即享“${PROJECT}”已兑付`).first().click();
  await expect(page.getByText('当前状态：已兑付')).toBeVisible();
  await expect(page.getByText(/已于 .+ 兑付（凭证号 GK2026-118）/)).toBeVisible();
  // Signed with the payer's office, never the payer's name (issue 43).
  await expect(page.getByText(/企业服务局·综合办公室 已兑付/)).toBeVisible();
  await expect(page.getByText('吴芳')).toHaveCount(0);
  await photograph(page, `${SCREENS}/enterprise-paid.png`, { fullPage: true });
  expect(problems).toEqual([]);
});
