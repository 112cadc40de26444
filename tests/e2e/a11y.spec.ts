import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y-check.ts';
import { firstLink } from './enterprise-api.ts';
import { DEMO_PASSWORD, signIn } from './console-session.ts';
import { expect, signInDemoEnterprise, test } from './visitor.ts';

/**
 * Every page through axe-core (docs/decisions.md "Accessibility"): public, sign-in, the enterprise's own pages and the staff
 * console, so that a contrast, label or landmark regression fails the suite. One test per page (or
 * per console role), so that each has its own time budget and names its page when it fails.
 */

// The pages are read, never changed, so the file's tests are shared out between the workers (each
// drives a server of its own): run in one worker it was the longest file of the suite by far.
test.describe.configure({ mode: 'parallel' });

async function check(page: Page, url: string) {
  await page.goto(url);
  await expectAccessible(page, url);
}

const PUBLIC_PAGES = [
  '/',
  '/notice',
  '/notice?keyword=没有这样的标题',
  '/important-policy',
  '/appeal',
  '/address-book',
  '/free-apply',
  '/free-apply?tab=declare',
  '/free-apply?tab=proclamation',
  '/performance',
  '/search?q=专精特新',
  '/search?q=饕餮麒麟',
  '/no-such-page',
  '/auth/login',
  '/auth/register',
  '/auth/reset-password',
  '/console/login',
];
for (const url of PUBLIC_PAGES) {
  test(`public page ${url}`, async ({ page }) => {
    await check(page, url);
  });
}

const DETAILS: [list: string, prefix: string][] = [
  ['/notice', '/notice/detail?id='],
  ['/important-policy', '/important-policy/detail?id='],
  ['/appeal', '/appeal/detail?id='],
  ['/free-apply', '/free-apply/free-project/detail'],
  ['/free-apply?tab=declare', '/free-apply/declare-project/detail'],
  ['/free-apply?tab=proclamation', '/free-apply/proclamation/detail'],
];
for (const [list, prefix] of DETAILS) {
  test(`detail page ${prefix}`, async ({ page }) => {
    await check(page, await firstLink(page, list, prefix));
  });
}

const USER_PAGES = [
  '/user',
  '/user/appeal',
  '/user/free-apply',
  '/user/free-apply?kind=declare',
  '/user/messages',
  '/user/profile',
  '/user/address-book',
  '/appeal/components/appeal-form',
];
for (const url of USER_PAGES) {
  test(`enterprise page ${url}`, async ({ page }) => {
    await signInDemoEnterprise(page);
    await check(page, url);
  });
}

test('enterprise page /user/appeal/:id', async ({ page }) => {
  await signInDemoEnterprise(page);
  await check(page, await firstLink(page, '/user/appeal', '/user/appeal/'));
});

test('console page /console/enterprises/:id', async ({ page }) => {
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/console$/);
  await check(page, await firstLink(page, '/console/enterprises', '/console/enterprises/'));
});

/** Each demo role sees its own menu: every page any role can open is checked by one of them. */
for (const loginName of ['admin', 'auditor', 'editor', 'publisher', 'dispatcher', 'handler', 'reviewer', 'payer']) {
  test(`console pages of ${loginName}`, async ({ page }) => {
    test.slow(); // one sign-in, then every page of the role's menu
    await signIn(page, loginName, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/console$/);
    await expectAccessible(page, `/console (${loginName})`);
    const menu = page.getByRole('navigation', { name: '控制台菜单' }).getByRole('link');
    const paths = await menu.evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    const editors = paths.filter((p) => p === '/console/notice' || p === '/console/policy').map((p) => `${p}/edit`);
    for (const url of [...paths.filter((p) => p !== '/console'), ...editors, ...(loginName === 'admin' ? ['/console/password'] : [])]) await check(page, url);
  });
}
