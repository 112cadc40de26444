import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './console-session.ts';
import { DEMO_ENTERPRISE, expect, hydrated, signInDemoEnterprise, test } from './visitor.ts';

/**
 * The script policy in Chromium (docs/decisions.md "Scripts under the CSP"): every page, cached
 * (hashes) or rendered for one visitor (a nonce), public, enterprise and console, loads and
 * hydrates with no policy violation, and no document's policy allows inline scripts wholesale.
 */

interface Watch {
  violations: string[];
  policies: { url: string; scriptSrc: string; cache: string | null }[];
}

async function watchPolicy(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [], policies: [] };
  await page.exposeBinding('reportPolicyViolation', (_source, text: string) => {
    watch.violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportPolicyViolation: (t: string) => void }).reportPolicyViolation(`${e.violatedDirective} ${e.blockedURI} at ${e.documentURI}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) watch.violations.push(msg.text());
  });
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'document') return;
    const csp = (await res.allHeaders())['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';
    watch.policies.push({ url: res.url(), scriptSrc, cache: res.headers()['x-cache'] ?? null });
  });
  return watch;
}

/**
 * Opens a page and waits until React has taken the document over (hydrateRoot marks it), which
 * needs every inline script of React Router to have run; then checks the policy.
 */
async function visit(page: Page, watch: Watch, url: string) {
  await page.goto(url);
  await hydrated(page);
  const doc = watch.policies.at(-1)!;
  expect(doc.scriptSrc, url).toMatch(/^script-src 'self' /);
  expect(doc.scriptSrc, url).not.toContain('unsafe-inline');
  expect(watch.violations, url).toEqual([]);
}

test('public pages, first rendered and then from the cache, load without a policy violation', async ({ page }) => {
  const watch = await watchPolicy(page);
  const pages = ['/', '/notice', '/important-policy', '/appeal', '/address-book', '/free-apply', '/performance', '/auth/login', '/auth/register', '/auth/reset-password', '/no-such-page'];
  for (const url of pages) await visit(page, watch, url);
  for (const url of pages) await visit(page, watch, url);
  const cached = watch.policies.filter((p) => p.cache === 'HIT');
  expect(cached.length).toBeGreaterThan(0);
  for (const p of cached) expect(p.scriptSrc, p.url).toMatch(/'sha256-/);

  // A detail page, reached by a client-side navigation from the hydrated list.
  await visit(page, watch, '/notice');
  await page.locator('main a[href^="/notice/detail?id="]').first().click();
  await page.waitForURL(/\/notice\/detail\?id=/);
  await page.reload();
  await hydrated(page);
  expect(watch.violations).toEqual([]);
});

test('the enterprise pages of a signed-in visitor load without a policy violation', async ({ page }) => {
  const watch = await watchPolicy(page);
  await signInDemoEnterprise(page);
  for (const url of ['/', '/user', '/user/appeal', '/user/free-apply', '/user/messages', '/user/address-book', '/notice']) await visit(page, watch, url);
  for (const p of watch.policies) expect(p.scriptSrc, p.url).toMatch(/'nonce-/);
  // Signing in through the form: the login page posts with fetch from the page.
  await page.context().clearCookies();
  await visit(page, watch, '/auth/login?redirect_uri=%2Fuser');
  await page.getByLabel('手机号').fill(DEMO_ENTERPRISE.phone);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_ENTERPRISE.password);
  await page.getByLabel('图形验证码', { exact: true }).fill('8888');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/user');
  expect(watch.violations).toEqual([]);
});

test('console pages load without a policy violation', async ({ page }) => {
  const watch = await watchPolicy(page);
  await visit(page, watch, '/console/login');
  await signIn(page, 'admin', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  for (const url of ['/console', '/console/staff', '/console/roles', '/console/departments', '/console/settings']) await visit(page, watch, url);
  await page.getByRole('button', { name: '退出' }).click();
  await page.waitForURL('**/console/login');
  await signIn(page, 'editor', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  for (const url of ['/console/notice', '/console/notice/edit', '/console/policy', '/console/address-book']) await visit(page, watch, url);
  for (const p of watch.policies) expect(p.scriptSrc, p.url).toMatch(/'nonce-/);
  expect(watch.violations).toEqual([]);
});
