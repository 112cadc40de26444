import { expect, REFUSED_CALL, test, watchConsole } from './visitor.ts';
import { DEMO_PASSWORD, signIn, signOut } from './console-session.ts';
import { photograph } from './photograph.ts';
import { confirmDialog } from './antd-dialog.ts';

/**
 * Directories edited in the console show on the public pages at once, with the page cache on
 * (the e2e server runs with ENABLE_CACHE): an editor adds an address-book entry that /address-book
 * then lists, stops it and it is gone; a sysadmin changes the footer text the home page then shows.
 */
const SCREENS = 'test-results/screens/console';

test('an editor adds an address-book entry, the public page shows it, stopping it hides it', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  // Warm the cache first, so that the later visit proves the cached page was purged.
  await page.goto('/address-book?keyword=%E6%B5%8B%E8%AF%95%E4%B8%93%E7%BA%BF');
  await expect(page.getByText('测试专线窗口')).toHaveCount(0);

  await signIn(page, 'editor', DEMO_PASSWORD);
  await page.getByRole('menuitem', { name: '政务通讯录' }).click();
  await page.waitForURL('**/console/address-book');
  await expect(page.getByRole('heading', { name: '政务通讯录' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '管委会办公室' }).first()).toBeVisible();
  await photograph(page, `${SCREENS}/address-book.png`, { fullPage: true });

  await page.getByRole('button', { name: '新增条目' }).click();
  const drawer = page.getByRole('dialog', { name: '新增通讯录条目' });
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer.getByText('请输入部门')).toBeVisible();
  await drawer.getByLabel('部门', { exact: true }).fill('企业服务局');
  await drawer.getByLabel('姓名或岗位').fill('测试专线窗口');
  await drawer.getByLabel('电话').fill('021-55550199');
  await drawer.getByLabel('职责').fill('负责端到端测试的咨询接待');
  await photograph(page, `${SCREENS}/address-book-edit.png`);
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('通讯录条目已保存，公开通讯录已更新')).toBeVisible();

  await page.goto('/address-book?keyword=%E6%B5%8B%E8%AF%95%E4%B8%93%E7%BA%BF');
  await expect(page.getByText('测试专线窗口')).toBeVisible();
  await expect(page.getByText('021-55550199')).toBeVisible();

  await page.goto('/console/address-book?keyword=%E6%B5%8B%E8%AF%95%E4%B8%93%E7%BA%BF');
  const row = page.getByRole('row', { name: /测试专线窗口/ });
  await row.getByRole('button', { name: '停用' }).click();
  await confirmDialog(page, '确定');
  await expect(row.getByText('停用', { exact: true })).toBeVisible();
  await page.goto('/address-book?keyword=%E6%B5%8B%E8%AF%95%E4%B8%93%E7%BA%BF');
  await expect(page.getByText('测试专线窗口')).toHaveCount(0);

  // An editor has no settings page: not in the menu.
  await page.goto('/console');
  await expect(page.getByRole('menuitem', { name: '站点设置' })).toHaveCount(0);
  await signOut(page);
  expect(problems).toEqual([]);
});

test('a sysadmin changes the footer text and the home page shows it at once', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  await page.goto('/');
  await expect(page.locator('.site-footer')).not.toContainText('咨询电话：021-55559999');

  await signIn(page, 'admin', DEMO_PASSWORD);
  await page.getByRole('menuitem', { name: '站点设置' }).click();
  await page.waitForURL('**/console/settings');
  await expect(page.getByLabel('平台名称')).not.toHaveValue('');
  await photograph(page, `${SCREENS}/settings.png`, { fullPage: true });
  // A sysadmin sees no business record: the address book is not in the menu.
  await expect(page.getByRole('menuitem', { name: '政务通讯录' })).toHaveCount(0);

  await page.getByLabel('网站标识码').fill('12');
  await page.getByRole('button', { name: '保存设置' }).click();
  // Under the field (the page's live region says the same sentence aloud for a while).
  await expect(page.getByRole('main').getByText('网站标识码须为 6 至 20 位数字或字母')).toBeVisible();
  await page.getByLabel('网站标识码').fill('3100000000');
  await page.getByLabel('页脚说明').fill('办公地址：综合服务大楼A座　咨询电话：021-55559999');
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('站点设置已保存，各页面已更新')).toBeVisible();

  await page.goto('/');
  await expect(page.locator('.site-footer')).toContainText('咨询电话：021-55559999');
  await page.locator('.site-footer').screenshot({ animations: 'disabled', path: `${SCREENS}/settings-footer.png` });
  await page.goto('/console');
  await signOut(page);
  expect(problems).toEqual([]);
});
