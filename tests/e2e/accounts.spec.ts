import { expect, REFUSED_CALL, test, watchConsole } from './visitor.ts';
import { pressInDialog } from './antd-dialog.ts';
import type { Page } from '@playwright/test';
import { newEnterpriseIds } from './enterprise-api.ts';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import { E2E_SSO_CLIENT, e2eSsoPort } from './sso-settings.ts';
import { photograph } from './photograph.ts';

/**
 * Accounts in Chromium against the built server (docs/decisions.md "Accounts and sessions"):
 * registration, login, greeting and logout; a guarded page and back; the lockout message; the
 * idle-timeout dialog; single sign-on through a real OpenID provider.
 */
const SCREENS = 'test-results/screens';
const CAPTCHA = '8888';
const SMS_CODE = '123456';
const PASSWORD = 'Qiye#2026ab';

const newPhone = () => newEnterpriseIds('137').phone;

async function register(page: Page, phone: string, contactName: string) {
  await page.goto('/auth/register');
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await page.getByPlaceholder('手机号').fill(phone);
  await page.getByPlaceholder('图形验证码').fill(CAPTCHA);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /\d+ 秒后重新获取/ })).toBeDisabled();
  await page.getByPlaceholder('短信验证码').fill(SMS_CODE);
  await page.getByPlaceholder('密码', { exact: true }).fill(PASSWORD);
  await page.getByPlaceholder('再次输入密码').fill(PASSWORD);
  await page.getByLabel('企业名称').fill(`上海自贸${phone.slice(-4)}贸易有限公司`);
  await page.getByLabel('统一社会信用代码').fill(newEnterpriseIds('137').uscc);
  await page.getByLabel('联系人姓名').fill(contactName);
}

async function login(page: Page, phone: string, password = PASSWORD) {
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

test('register, log in, see the greeting, log out', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  const phone = newPhone();
  await register(page, phone, '林书言');
  await expect(page.getByText('8-20 位，不含空格')).toBeVisible();
  await photograph(page, `${SCREENS}/accounts-register-filled.png`, { fullPage: true });
  await page.getByRole('button', { name: '注册', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/auth/login\\?phone=${phone}$`));
  await expect(page.getByLabel('手机号')).toHaveValue(phone);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
  await photograph(page, `${SCREENS}/accounts-login.png`);
  await page.getByRole('button', { name: '登录', exact: true }).click();

  await expect(page).toHaveURL(/\/$/);
  const greeting = page.getByRole('link', { name: /您好，\s*林书言/ });
  await expect(greeting).toBeVisible();
  await expect(greeting).toHaveAttribute('title', '林书言');
  await photograph(page, `${SCREENS}/accounts-greeting.png`);

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByRole('link', { name: '登录', exact: true })).toBeVisible();
  await expect(greeting).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.name.startsWith('web_') && c.value)).toEqual([]);
  expect(problems).toEqual([]);
});

test('what is typed on the login page before its scripts have run is kept', async ({ page }) => {
  const problems = watchConsole(page);
  // The page's scripts are held until the visitor has typed: a slow network, or a fast typist.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/auth/login?redirect_uri=%2Fuser', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('手机号').fill('13800138000');
  await page.getByLabel('密码', { exact: true }).fill('Demo#2026');
  release();
  // The captcha image is drawn once the scripts run.
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await page.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/user$/);
  expect(problems).toEqual([]);
});

test('a guarded page sends the visitor to login and back to the same page', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  await page.goto('/user/appeal');
  await expect(page).toHaveURL(/\/auth\/login\?redirect_uri=%2Fuser%2Fappeal$/);
  await login(page, '13800138000', 'Demo#2026');
  await expect(page).toHaveURL(/\/user\/appeal$/);
  await expect(page.getByRole('link', { name: /您好，/ })).toBeVisible();

  // Signed in, the login page itself moves on.
  await page.goto('/auth/login?redirect_uri=%2Fuser');
  await expect(page).toHaveURL(/\/user$/);
  expect(problems).toEqual([]);
});

test('five wrong passwords lock the account and the page says for how long', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  const phone = newPhone();
  await register(page, phone, '韩立');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login\?phone=/);

  // Shown above the form and said through the polite live region (not as an alert).
  const error = page.locator('.auth-form__error');
  const said = page.locator('#live-status');
  for (let i = 1; i <= 4; i++) {
    await login(page, phone, 'Wrong#Pass1');
    await expect(error).toHaveText(`账号或密码错误，再错 ${5 - i} 次账号将锁定 15 分钟`);
    await expect(page.getByLabel('图形验证码', { exact: true })).toHaveValue('');
  }
  await login(page, phone, 'Wrong#Pass1');
  await expect(error).toHaveText('密码连续错误 5 次，账号已锁定，请 15 分钟后再试');
  await expect(said).toHaveText('密码连续错误 5 次，账号已锁定，请 15 分钟后再试');
  await photograph(page, `${SCREENS}/accounts-lockout.png`);
  await login(page, phone);
  await expect(error).toContainText('账号已锁定');
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(problems).toEqual([]);
});

test('the idle-timeout dialog offers 继续登录 a minute before the session ends', async ({ page, context, baseURL }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  await page.goto('/auth/login');
  await login(page, '13800138000', 'Demo#2026');
  await expect(page.getByRole('link', { name: /您好，/ })).toBeVisible();
  // As if the last refresh were 29 minutes ago: 50 seconds left.
  await context.addCookies([{ name: 'web_idle_at', value: String(Date.now() + 50_000), url: baseURL! }]);
  const dialog = page.getByRole('alertdialog', { name: '登录即将超时' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/将在 \d+ 秒后自动退出登录/);
  await expect(dialog.getByRole('button', { name: '继续登录' })).toBeFocused();
  await photograph(page, `${SCREENS}/accounts-idle-dialog.png`);
  await pressInDialog(dialog, '继续登录');
  await expect(dialog).toBeHidden();
  const idle = (await context.cookies()).find((c) => c.name === 'web_idle_at');
  expect(Number(idle?.value)).toBeGreaterThan(Date.now() + 29 * 60_000);
  expect(problems).toEqual([]);
});

test.describe('single sign-on', () => {
  let idp: TestOidcProvider;
  test.beforeAll(async ({ baseURL }) => {
    const port = Number(new URL(baseURL!).port);
    idp = await startOidcProvider({
      port: e2eSsoPort(port),
      client: E2E_SSO_CLIENT,
      redirectUris: [`${baseURL}/oauth2`],
      postLogoutRedirectUris: [`${baseURL}/`],
    });
  });
  test.afterAll(async () => idp?.close());

  test('signs in through the provider and lands where the visitor was going', async ({ page }) => {
    const problems = watchConsole(page, { allow: REFUSED_CALL });
    const phone = newPhone();
    idp.accounts.set('e2e-sso-user', { sub: 'e2e-sso-user', name: '统一认证测试员', phone_number: `+86${phone}`, phone_number_verified: true });
    // Earlier journeys found the provider down (it starts with this group): the login page asks it again within seconds.
    await expect(async () => {
      await page.goto('/auth/login?redirect_uri=%2Fuser');
      await expect(page.getByRole('button', { name: '统一身份认证登录' })).toBeEnabled({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await photograph(page, `${SCREENS}/accounts-login-sso.png`);
    await page.getByRole('button', { name: '统一身份认证登录' }).click();

    await expect(page.getByRole('heading', { name: '统一身份认证平台' })).toBeVisible();
    await page.getByLabel('账号').fill('e2e-sso-user');
    await page.getByRole('button', { name: '登录' }).click();

    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole('link', { name: /您好，\s*统一认证测试员/ })).toBeVisible();
    await photograph(page, `${SCREENS}/accounts-sso-landed.png`, { fullPage: true });
    expect(problems).toEqual([]);
  });

  test('/oauth2 explains a refusal and offers the way back', async ({ page }) => {
    await page.goto('/oauth2?error=access_denied&state=x');
    await expect(page.getByRole('heading', { name: '统一身份认证登录未完成' })).toBeVisible();
    await expect(page.getByText('您在统一身份认证平台取消了授权')).toBeVisible();
    await photograph(page, `${SCREENS}/accounts-oauth2-error.png`);
    await page.getByRole('link', { name: '返回登录' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test('every auth page renders for the screenshots', async ({ page }) => {
  for (const [name, path] of [
    ['login', '/auth/login'],
    ['register', '/auth/register'],
    ['reset-password', '/auth/reset-password'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await photograph(page, `${SCREENS}/accounts-page-${name}.png`, { fullPage: true });
  }
  await page.goto('/oauth2');
  await expect(page.getByText('登录链接不完整或已失效')).toBeVisible();
  await photograph(page, `${SCREENS}/accounts-page-oauth2.png`);
});
