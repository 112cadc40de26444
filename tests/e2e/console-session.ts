import { expect, type Page } from '@playwright/test';

/** Signing staff in and out of the console in end-to-end journeys (demo accounts, fixed codes). */
export const CAPTCHA = '8888';
export const SMS_CODE = '123456';
export const DEMO_PASSWORD = 'Staff#2026';

export async function signIn(page: Page, loginName: string, password: string) {
  await page.goto('/console/login');
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await page.getByPlaceholder('登录账号').fill(loginName);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByPlaceholder('图形验证码').fill(CAPTCHA);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText(/验证码已发送至 138\*{4}\d{4}|验证码已发送至 1\d{2}\*{4}\d{4}/)).toBeVisible();
  await page.getByPlaceholder('6 位数字').fill(SMS_CODE);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: '退出' }).click();
  await page.waitForURL('**/console/login');
}
