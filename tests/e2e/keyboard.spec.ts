import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './console-session.ts';
import { withE2eDb } from './e2e-data.ts';
import { DEMO_ENTERPRISE, expect, signInDemoEnterprise, test, watchConsole } from './visitor.ts';

/** Screenshots of the focus ring, to be looked at: SHOTS_DIR=/tmp/shots-x keeps them out of test-results. */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

/**
 * The keyboard alone (issue 11, WCAG 2.1.1, 2.4.1, 2.4.3, 2.4.7): the skip link, the enterprise's
 * login, an appeal filed from its first field to 提交, a dialog that keeps the focus and gives it
 * back, and a step through the console's queue. No mouse: every action is a key press; the
 * pages are only read with locators. Each stop on the way must show where the focus is.
 */

/** Whether the focused element, or the antd frame drawn around it, shows a focus ring. */
async function focusRing(page: Page): Promise<{ what: string; ring: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', ring: null };
    // antd draws a field's ring on its frame, and a radio's on the circle beside the hidden input;
    // the login page's fields on theirs (.auth-input).
    const frame = el.closest('.auth-input, .ant-input-affix-wrapper, .ant-radio-button-wrapper, .ant-input-outlined, .ant-select, .ant-picker, .ant-input-number, .ant-cascader, .ant-radio-wrapper, .ant-checkbox-wrapper');
    const drawn = [el, frame, frame?.querySelector('.ant-radio-inner, .ant-checkbox-inner')].filter((x): x is Element => !!x);
    // A ring must be seen: an outline at least 2 px wide, or a shadow whose colour is not faint.
    const alpha = (color: string) => {
      const m = /rgba?\(([^)]+)\)/.exec(color);
      const parts = m ? m[1].split(/[ ,/]+/).filter(Boolean) : [];
      return parts.length === 4 ? parseFloat(parts[3]) : 1;
    };
    for (const d of drawn) {
      const s = getComputedStyle(d);
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && alpha(s.outlineColor) >= 0.5) return { what: el.outerHTML.slice(0, 80), ring: `outline ${s.outlineWidth} ${s.outlineColor}` };
      const shadows = s.boxShadow === 'none' ? [] : s.boxShadow.split(/,(?![^(]*\))/);
      const seen = shadows.find((sh) => alpha(sh) >= 0.5 && !/\binset\b/.test(sh));
      if (seen) return { what: el.outerHTML.slice(0, 80), ring: `box-shadow ${seen.trim()}` };
    }
    return { what: el.outerHTML.slice(0, 120), ring: null };
  });
}

async function expectFocusRing(page: Page, label: string) {
  // Read again until it stands: antd and the login fields fade their ring in (a short transition).
  let what = '';
  await expect
    .poll(async () => {
      const found = await focusRing(page);
      what = found.what;
      return found.ring;
    }, { message: `${label}：焦点所在应有清晰可见的焦点框`, timeout: 3000 })
    .not.toBeNull()
    .catch((e: Error) => {
      throw new Error(`${e.message}\n焦点所在：${what}`);
    });
}

const focusedHtml = (page: Page) => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'none');

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the ring on every stop. */
async function tabTo(page: Page, target: Locator, label: string, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate(() => document.activeElement !== document.body)) await expectFocusRing(page, `去往“${label}”途中第 ${i + 1} 站`);
    if (await isFocused(target)) return;
  }
  throw new Error(`按 ${max} 次 Tab 仍未到达“${label}”`);
}

/** An antd Select driven as a listbox: open with ↓, move with ↓, choose with Enter. */
async function chooseByKeyboard(page: Page, option: string) {
  await page.keyboard.press('ArrowDown');
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  await expect(active).toBeVisible();
  for (let i = 0; i < 30 && (await active.innerText()).trim() !== option; i++) await page.keyboard.press('ArrowDown');
  await expect(active).toHaveText(option);
  await page.keyboard.press('Enter');
}

test('the skip link is the first stop and takes the focus to the content', async ({ page }) => {
  await page.goto('/notice');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectFocusRing(page, '跳到主要内容');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  // The next Tab goes on from the content, not from the header's menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  await expectFocusRing(page, '主要内容中的第一个可操作元素');
});

test('an enterprise logs in and files an appeal with the keyboard alone', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/auth/login?redirect_uri=%2Fappeal%2Fcomponents%2Fappeal-form');
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();

  await tabTo(page, page.getByLabel('手机号'), '手机号');
  await page.keyboard.type(DEMO_ENTERPRISE.phone);
  await tabTo(page, page.getByLabel('密码', { exact: true }), '密码');
  await page.keyboard.type(DEMO_ENTERPRISE.password);
  await tabTo(page, page.getByRole('textbox', { name: '图形验证码' }), '图形验证码');
  await page.keyboard.type('8888');
  await page.keyboard.press('Enter');

  // Back on the form the login was asked for.
  await page.waitForURL('**/appeal/components/appeal-form');
  await expect(page.getByRole('heading', { name: '我要诉求' })).toBeVisible();
  await expect(page.getByLabel('联系人')).not.toHaveValue('');

  const title = `键盘提交的诉求-${Date.now() % 100000}`;
  await tabTo(page, page.getByRole('combobox', { name: '诉求类型' }), '诉求类型');
  await chooseByKeyboard(page, '用工需求');
  await expect(page.locator('.ant-form-item', { hasText: '诉求类型' }).locator('.ant-select-content')).toHaveText('用工需求');
  await tabTo(page, page.getByLabel('诉求标题'), '诉求标题');
  await page.keyboard.type(title);
  await page.screenshot({ path: `${SHOTS}/keyboard-appeal-title-focused.png` });
  await tabTo(page, page.getByLabel('诉求内容'), '诉求内容');
  await page.keyboard.type('园区东门路口早晚高峰拥堵，希望协调交警在 7:30—9:00 增派人员疏导。');
  // 是否公开: the radios move with the arrow keys.
  await tabTo(page, page.getByRole('radio', { name: '不公开' }), '是否公开');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '公开', exact: true })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: '提交' }), '提交');
  await page.screenshot({ path: `${SHOTS}/keyboard-appeal-submit-focused.png` });
  await page.keyboard.press('Enter');

  await expect(page.getByText('诉求已提交')).toBeVisible();
  await expect(page.getByTestId('appeal-receipt-no')).toHaveText(/^\d+$/);
  expect(problems).toEqual([]);
});

test('a form error is said in the polite live region, once', async ({ page }) => {
  await signInDemoEnterprise(page);
  await page.goto('/appeal/components/appeal-form');
  await expect(page.getByRole('heading', { name: '我要诉求' })).toBeVisible();
  const live = page.locator('#live-status');
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await tabTo(page, page.getByRole('button', { name: '提交' }), '提交');
  await page.keyboard.press('Enter');
  await expect(live).toHaveText(/^有 \d+ 项需要修改：.*请填写诉求标题/);
  // Nothing else on the page speaks the same errors: no alert role, no second live region.
  await expect(page.locator('main [role="alert"], main [aria-live]')).toHaveCount(0);
});

/**
 * An answered appeal of the demo enterprise's own, waiting for its evaluation. The demo's answered
 * ones are evaluated by enterprise.spec.ts and the whole loop that answers one is
 * console-appeal.spec.ts's; here only the dialog matters, so the row is written as that loop leaves it.
 */
function answeredAppeal(title: string) {
  withE2eDb((db) => {
    const owner = db.prepare('select id, enterprise_id from user_account where phone = ?').get(DEMO_ENTERPRISE.phone) as { id: number; enterprise_id: number };
    const now = new Date().toISOString();
    db.prepare(
      `insert into appeal (enterprise_id, user_id, title, type, content, contact_name, contact_phone, status, reply, replied_at, accepted_at, accept_deadline_at, created_at, updated_at)
       values (?, ?, ?, 'logistics', '园区内道路夜间照明不足，希望增设路灯。', '陈思远', ?, 'resolved', '已协调园区物业于本周内增设路灯。', ?, ?, ?, ?, ?)`,
    ).run(owner.enterprise_id, owner.id, title, DEMO_ENTERPRISE.phone, now, now, now, now, now);
  });
}

test('the evaluation dialog keeps the focus inside and gives it back to its button', async ({ page }) => {
  const title = `夜间照明不足-${Date.now() % 100_000}`;
  answeredAppeal(title);
  await signInDemoEnterprise(page);
  await page.goto('/user/appeal?status=resolved');
  const opener = page.locator('tr', { hasText: title }).getByRole('button', { name: '评价' });
  await expect(opener).toBeVisible();
  await tabTo(page, opener, '评价');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: '评价' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => isFocused(dialog)).toBe(true);
  // Round and round, both ways: the focus never reaches the page behind. As with a native modal
  // <dialog>, the Tab after the last control may leave for the browser's own toolbar (the
  // document itself here) and the next one comes back to the dialog's first control.
  const stop = () =>
    dialog.evaluate((d) => {
      const el = document.activeElement;
      return !el || el === document.body ? 'outside the page' : d.contains(el) ? 'dialog' : el.outerHTML.slice(0, 120);
    });
  const stops = new Set<string>();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      const where = await stop();
      expect(['dialog', 'outside the page'], `第 ${i + 1} 次 ${key} 后焦点不应落到对话框后面的页面上`).toContain(where);
      if (where === 'dialog') {
        await expectFocusRing(page, `对话框中第 ${i + 1} 次 ${key}`);
        stops.add(await focusedHtml(page));
      }
    }
    expect(await stop(), `${key} 绕一圈后回到对话框`).toBe('dialog');
  }
  // Every control was reached: close, the levels, the comment, 取消 and 提交评价.
  expect(stops.size).toBeGreaterThanOrEqual(5);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a star in the address book keeps the focus while its call runs', async ({ page }) => {
  await signInDemoEnterprise(page);
  await page.goto('/address-book');
  const star = page.locator('main .star-toggle').first();
  await expect(star).toBeVisible();
  const before = await star.getAttribute('aria-pressed');
  await tabTo(page, star, '收藏', { max: 80 });
  await page.keyboard.press('Enter');
  await expect(star).not.toHaveAttribute('aria-pressed', before!);
  await expect(star).toBeFocused();
  // The call answered (the star takes no second press meanwhile) and the focus never moved.
  await expect(star).toHaveAttribute('aria-disabled', 'false');
  await expect(star).toBeFocused();
  // And back with Space, from where the focus still is.
  await page.keyboard.press('Space');
  await expect(star).toHaveAttribute('aria-pressed', before!);
  await expect(star).toBeFocused();
});

test("the console's appeal queue: a work order opened and a step begun with the keyboard", async ({ page }) => {
  await signIn(page, 'dispatcher', DEMO_PASSWORD);
  await expect(page.getByRole('link', { name: '诉求工单' }).first()).toBeVisible();
  await page.goto('/console/appeal');
  await expect(page.getByRole('heading', { name: '诉求工单' })).toBeVisible();

  const firstTitle = page.locator('.work-order-queue__title').first();
  await expect(firstTitle).toBeVisible();
  const title = (await firstTitle.innerText()).trim();
  await tabTo(page, firstTitle, `工单“${title}”`, { max: 80 });
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/console\/appeal\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // An action's dialog opens from the keyboard and, closed with Esc, gives the focus back.
  const action = page.getByRole('main').getByRole('button').filter({ hasText: /^(受理|转办|审批延期|回访)$/ }).first();
  await expect(action).toBeVisible();
  await tabTo(page, action, '办理按钮', { max: 80 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => isFocused(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(action).toBeFocused();
});
