import { expect, hydrated, REFUSED_CALL, test, watchConsole } from './visitor.ts';
import { pressInDialog } from './antd-dialog.ts';
import { CAPTCHA, DEMO_PASSWORD, signIn, signOut, SMS_CODE } from './console-session.ts';
import { photograph } from './photograph.ts';

/**
 * The staff console in Chromium against the built server (docs/console.md "Identity"): the two-step sign-in with
 * the SMS code; a sysadmin asks for an auditor account, which waits until an auditor confirms it
 * (三权分立: the one-time password goes to the confirming auditor, never to the sysadmin); the new
 * auditor signs in with it, must change it first, then finds those steps in the audit log and
 * cannot open other pages (the 403 page). Every console page is photographed for review.
 */
const SCREENS = 'test-results/screens/console';
test('a visitor is sent to the console login and back after the two steps; a wrong code is refused', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  await page.goto('/console/departments');
  await page.waitForURL(/\/console\/login\?redirect_uri=%2Fconsole%2Fdepartments/);
  await expect(page.getByRole('heading', { name: '管理后台' })).toBeVisible();
  await photograph(page, `${SCREENS}/login.png`);

  await page.getByPlaceholder('登录账号').fill('admin');
  await page.getByPlaceholder('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByPlaceholder('图形验证码').fill(CAPTCHA);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByPlaceholder('6 位数字').fill('000000');
  await photograph(page, `${SCREENS}/login-sms.png`);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // Under the field (the page's live region says the same sentence aloud for a while).
  await expect(page.getByRole('main').getByText('短信验证码不正确')).toBeVisible();
  await page.getByPlaceholder('6 位数字').fill(SMS_CODE);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/console/departments');
  await expect(page.getByRole('heading', { name: '部门管理' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '企业服务科' })).toBeVisible();
  await photograph(page, `${SCREENS}/departments.png`, { fullPage: true });
  await signOut(page);
  // Signed out: the console is closed again.
  await page.goto('/console');
  await page.waitForURL(/\/console\/login/);
  expect(problems).toEqual([]);
});

test('a sysadmin asks for an auditor, an auditor confirms it and gets the one-time password; the new auditor changes it, finds the steps in the audit log and is refused elsewhere', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  const login = `auditor${Date.now() % 1e6}`;

  await signIn(page, 'admin', DEMO_PASSWORD);
  await page.waitForURL(/\/console$/);
  await expect(page.getByRole('heading', { name: '您好，李卫东' })).toBeVisible();
  // The sysadmin's menu: system pages only, no audit log.
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('link', { name: '工作人员' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '审计日志' })).toHaveCount(0);
  await photograph(page, `${SCREENS}/dashboard-sysadmin.png`, { fullPage: true });

  await menu.getByRole('link', { name: '工作人员' }).click();
  await expect(page.getByRole('heading', { name: '工作人员' })).toBeVisible();
  // The menu's highlight moves in 0.3 s: a shot taken at once showed both entries lit, as if wrong.
  await photograph(page, `${SCREENS}/staff.png`, { fullPage: true });
  await page.getByRole('button', { name: '新建工作人员' }).click();
  const drawer = page.getByRole('dialog', { name: '新建工作人员' });
  await drawer.getByLabel('登录账号').fill(login);
  await drawer.getByLabel('姓名').fill('审计员小张');
  await drawer.getByLabel('手机号').fill('13912340000');
  // Chosen by typing, as a person would: a click could land while the list is still sliding open.
  await drawer.getByLabel('角色').fill('安全审计员');
  await page.keyboard.press('Enter');
  await expect(drawer.locator('.ant-select-selection-item', { hasText: '安全审计员' })).toBeVisible();
  // 三权分立 in the form: business roles are disabled once an audit role is chosen.
  await expect(page.locator('.ant-select-item-option', { hasText: '内容编辑' })).toHaveClass(/ant-select-item-option-disabled/);
  await page.keyboard.press('Escape');
  await photograph(page, `${SCREENS}/staff-create.png`);
  await drawer.getByRole('button', { name: '保存' }).click();
  // No password for the sysadmin: the account waits for an auditor, and the page says so.
  await expect(page.getByText('该变更涉及安全审计员账号，已提交安全审计员确认，确认后生效')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('cell', { name: login, exact: true })).toHaveCount(0);
  const waiting = page.getByRole('alert').filter({ hasText: '项安全审计员账号变更正等待安全审计员确认' });
  await expect(waiting).toBeVisible();
  await photograph(page, `${SCREENS}/staff-change-requested.png`, { fullPage: true });
  await menu.getByRole('link', { name: '角色权限' }).click();
  await expect(page.getByRole('heading', { name: '角色权限' })).toBeVisible();
  await photograph(page, `${SCREENS}/roles.png`, { fullPage: true });
  await signOut(page);

  // The demo auditor is told in-site, checks the request with the person and confirms it.
  await signIn(page, 'auditor', DEMO_PASSWORD);
  await page.waitForURL(/\/console$/);
  await page.getByRole('menu').getByRole('link', { name: '账号变更确认' }).click();
  await expect(page.getByRole('heading', { name: '账号变更确认' })).toBeVisible();
  const request = page.getByRole('row').filter({ hasText: login });
  await expect(request).toContainText('新建安全审计员账号');
  await expect(request).toContainText('手机号：13912340000');
  await expect(request).toContainText('待确认');
  await photograph(page, `${SCREENS}/staff-changes.png`, { fullPage: true });
  await request.getByRole('button', { name: '确认生效' }).click();
  await pressInDialog(page.getByRole('dialog', { name: '确认这项变更？' }), '确认生效');
  const dialog = page.getByRole('dialog', { name: '变更已生效' });
  const oneTime = (await dialog.getByTestId('one-time-password').textContent())!.trim();
  expect(oneTime).toMatch(/^\S{12}$/);
  await expect(dialog).toBeInViewport();
  await photograph(page, `${SCREENS}/staff-change-one-time-password.png`);
  await pressInDialog(dialog, '我已记下');
  await expect(request).toContainText('已确认生效');
  await signOut(page);

  // The auditor's first sign-in: only the password change is open.
  await signIn(page, login, oneTime);
  await page.waitForURL('**/console/password');
  await expect(page.getByText('首次登录或密码已被重置')).toBeVisible();
  await page.goto('/console/audit');
  await page.waitForURL('**/console/password');
  // A short console page fits the window: nothing after the full-height layout makes it scroll
  // (the auditor's 工作台 now holds to-do cards and messages, and is no longer short).
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight)).toBe(0);
  await photograph(page, `${SCREENS}/password-forced.png`);
  await page.getByLabel('原密码').fill(oneTime);
  await page.getByLabel('新密码', { exact: true }).fill('Shenji#2026x');
  await page.getByLabel('确认新密码').fill('Shenji#2026x');
  await page.getByRole('button', { name: '确认修改' }).click();
  await page.waitForURL(/\/console$/);
  await expect(page.getByRole('heading', { name: '您好，审计员小张' })).toBeVisible();
  await photograph(page, `${SCREENS}/dashboard-auditor.png`, { fullPage: true });

  await page.getByRole('menu').getByRole('link', { name: '审计日志' }).click();
  await page.getByPlaceholder('账号').fill(login);
  await page.getByRole('button', { name: '查询' }).click();
  await page.waitForURL(new RegExp(`loginName=${login}`));
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: '工作人员登录' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: '修改本人密码' })).toHaveCount(1);
  await photograph(page, `${SCREENS}/audit.png`, { fullPage: true });
  // The sysadmin's request for this account is there too, under the admin's name.
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('row').filter({ hasText: '申请变更安全审计员账号' }).first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: '导出 CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^审计日志-\d{4}-\d{2}-\d{2}\.csv$/);

  // Not the auditor's: the 403 page in the words of docs/product.md §2, inside the console.
  await page.goto('/console/staff');
  await expect(page.getByRole('heading', { name: '对不起，您没有权限访问' })).toBeVisible();
  await photograph(page, `${SCREENS}/forbidden.png`);
  await page.getByRole('button', { name: '返回工作台' }).click();
  await page.waitForURL(/\/console$/);
  expect(problems).toEqual([]);
});

// Each role's list pages as the demo data fills them: a time the database wrote must read the same in
// the browser. One test per role, so that each has its own time budget (all six in one ran out of
// its minute on a busy machine) and names the role whose page fails.
for (const [loginName, paths] of [
  ['publisher', ['/console', '/console/notice', '/console/policy']],
  ['editor', ['/console/address-book', '/console/service-item']],
  ['admin', ['/console/departments', '/console/staff', '/console/roles', '/console/dict', '/console/settings']],
  ['dispatcher', ['/console/appeal', '/console/evaluation']],
  ['reviewer', ['/console/declare', '/console/declare-project', '/console/proclamation', '/console/free-project', '/console/free-declare']],
  ['auditor', ['/console/audit']],
] as const) {
  test(`the ${loginName}'s console pages served whole by the server hydrate without a mismatch`, async ({ page }) => {
    const problems = watchConsole(page);
    await signIn(page, loginName, DEMO_PASSWORD);
    await page.waitForURL('**/console');
    for (const path of paths) {
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(page.locator('.console-error'), path).toHaveCount(0);
    }
    expect(problems).toEqual([]);
  });
}
