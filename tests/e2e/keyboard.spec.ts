import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './console-session.ts';
import { NEW_ENTERPRISE_PASSWORD, newEnterpriseIds, pdf, signUpThroughApi } from './enterprise-api.ts';
import { withE2eDb } from './e2e-data.ts';
import { DEMO_ENTERPRISE, expect, hydrated, signInDemoEnterprise, test, watchConsole } from './visitor.ts';
import { photograph } from './photograph.ts';

/** Screenshots of the focus ring, to be looked at: SHOTS_DIR=/tmp/shots-x keeps them out of test-results. */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

/**
 * The keyboard alone (docs/decisions.md "Accessibility"; WCAG 2.1.1, 2.4.1, 2.4.3, 2.4.7): the skip link, the enterprise's
 * login, an appeal filed from its first field to 提交, a dialog that keeps the focus and gives it
 * back, a step through the console's queue, and the enterprise's other journeys: registration, a
 * declaration from the project page to 我的申报, a 免申即享 confirmation. No mouse: every action is
 * a key press (a file is given to the chooser the keyboard opened); the pages are only read with
 * locators. Each stop on the way must show where the focus is, and where a page gives way to
 * another part (a result, the review step) the focus must follow it.
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
  await photograph(page, `${SHOTS}/keyboard-appeal-title-focused.png`);
  await tabTo(page, page.getByLabel('诉求内容'), '诉求内容');
  await page.keyboard.type('园区东门路口早晚高峰拥堵，希望协调交警在 7:30—9:00 增派人员疏导。');
  // 是否公开: the radios move with the arrow keys.
  await tabTo(page, page.getByRole('radio', { name: '不公开' }), '是否公开');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '公开', exact: true })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: '提交' }), '提交');
  await photograph(page, `${SHOTS}/keyboard-appeal-submit-focused.png`);
  await page.keyboard.press('Enter');

  // The form gives way to the receipt, and the focus goes to its heading rather than the page's start.
  await expect(page.getByRole('heading', { name: '诉求已提交' })).toBeFocused();
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
  await hydrated(page);
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
  await page.waitForURL(/\/console\/appeal\/\d+(\?|$)/);
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

/** Stamps this run's own project and enterprise names. */
const stamp = Date.now() % 1e7;
const NEW_PASSWORD = NEW_ENTERPRISE_PASSWORD;

/** An enterprise of the journey's own, registered and signed in through the API. It has only what registration asks for, so the declaration form has fields (the address among them) still to fill in. */
async function signInNewEnterprise(page: Page, enterpriseName: string): Promise<{ enterpriseId: number }> {
  const { phone, uscc } = newEnterpriseIds();
  await signUpThroughApi(page, { phone, uscc, enterpriseName, contactName: '顾一鸣' });
  return withE2eDb((db) => db.prepare('select enterprise_id as enterpriseId from user_account where phone = ?').get(phone) as { enterpriseId: number });
}

test('an enterprise registers with the keyboard alone and signs in with its new account', async ({ page }) => {
  const problems = watchConsole(page);
  const { phone, uscc } = newEnterpriseIds();
  const name = `上海键盘${phone.slice(-4)}供应链有限公司`;
  await page.goto('/auth/register');
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();

  await tabTo(page, page.getByRole('textbox', { name: '手机号' }), '手机号');
  await page.keyboard.type(phone);
  await tabTo(page, page.getByRole('textbox', { name: '图形验证码' }), '图形验证码');
  await page.keyboard.type('8888');
  await tabTo(page, page.getByRole('button', { name: '获取验证码' }), '获取验证码');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /\d+ 秒后重新获取/ })).toBeDisabled();
  // The button waits out its countdown; the focus goes on to the code the visitor now types.
  await expect(page.getByRole('textbox', { name: '短信验证码' })).toBeFocused();
  await expectFocusRing(page, '短信验证码');
  await photograph(page, `${SHOTS}/keyboard-register-sms-focused.png`);
  await page.keyboard.type('123456');
  await tabTo(page, page.getByLabel('密码', { exact: true }), '密码');
  await page.keyboard.type(NEW_PASSWORD);
  // The eye beside the password is a button of its own: Enter shows what was typed.
  await page.keyboard.press('Tab');
  await expectFocusRing(page, '显示密码');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('密码', { exact: true })).toHaveAttribute('type', 'text');
  await tabTo(page, page.getByLabel('确认密码'), '确认密码');
  await page.keyboard.type(NEW_PASSWORD);
  await tabTo(page, page.getByLabel('企业名称'), '企业名称');
  await page.keyboard.type(name);
  await tabTo(page, page.getByLabel('统一社会信用代码'), '统一社会信用代码');
  await page.keyboard.type(uscc);
  await tabTo(page, page.getByLabel('联系人姓名'), '联系人姓名');
  await page.keyboard.type('沈知行');
  await tabTo(page, page.getByRole('button', { name: '注册', exact: true }), '注册');
  await page.keyboard.press('Enter');

  // On to the login page with the phone filled in: the focus waits in the password.
  await expect(page).toHaveURL(new RegExp(`/auth/login\\?phone=${phone}$`));
  await expect(page.getByRole('main').getByText('注册成功，请登录')).toBeVisible();
  await expect(page.getByLabel('手机号')).toHaveValue(phone);
  await expect(page.getByLabel('密码', { exact: true })).toBeFocused();
  await page.keyboard.type(NEW_PASSWORD);
  await tabTo(page, page.getByRole('textbox', { name: '图形验证码' }), '图形验证码');
  await page.keyboard.type('8888');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: /您好，\s*沈知行/ })).toBeVisible();
  // The enterprise itself was recorded as typed.
  const saved = withE2eDb((db) => db.prepare('select e.name, e.uscc from user_account u join enterprise e on e.id = u.enterprise_id where u.phone = ?').get(phone));
  expect(saved).toEqual({ name, uscc });
  expect(problems).toEqual([]);
});

/** A project of this journey alone, open now, with one required material. */
function openProject(name: string): number {
  return withE2eDb((db) => {
    const now = Date.now();
    const day = 86_400_000;
    const { lastInsertRowid } = db
      .prepare(
        `insert into declare_project (name, category, department, amount_min, amount_max, apply_start, apply_end, conditions, content, created_at, updated_at)
         values (?, 'tech', '科技创新处', 100000, 500000, ?, ?, '<p>在区内注册、开展研发活动的企业。</p>', '<p>对企业新购研发设备给予补助。</p>', ?, ?)`,
      )
      .run(name, new Date(now - day).toISOString(), new Date(now + 10 * day).toISOString(), new Date(now).toISOString(), new Date(now).toISOString());
    const id = Number(lastInsertRowid);
    db.prepare(`insert into declare_material (project_id, name, required, template_type, sort) values (?, '研发设备购置发票', 1, null, 0)`).run(id);
    return id;
  });
}

/** Presses ↓ in the open menu's column `column` until `option` is the active one. */
async function moveTo(page: Page, column: number, option: string) {
  const menu = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(column);
  await expect(menu).toBeVisible();
  const active = menu.locator('.ant-cascader-menu-item-active');
  for (let i = 0; i < 40 && ((await active.count()) === 0 || (await active.innerText()).trim() !== option); i++) await page.keyboard.press('ArrowDown');
  await expect(active).toHaveText(option);
}

/** An antd Cascader driven by keys: ↓ opens and moves, → goes into the next column, Enter chooses. */
async function cascadeByKeyboard(page: Page, path: string[]) {
  await page.keyboard.press('ArrowDown');
  for (const [i, option] of path.entries()) {
    await moveTo(page, i, option);
    if (i < path.length - 1) {
      // The next level is asked of the server as the option becomes active.
      await expect(page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(i + 1)).toBeVisible();
      await page.keyboard.press('ArrowRight');
    } else {
      await page.keyboard.press('Enter');
    }
  }
}

test('an enterprise declares for a project with the keyboard alone and finds it in 我的申报', async ({ page }) => {
  const problems = watchConsole(page);
  const project = `研发设备购置补助（键盘${stamp}）`;
  const enterprise = `上海键盘申报${stamp}科技有限公司`;
  const projectId = openProject(project);
  await signInNewEnterprise(page, enterprise);
  await page.goto(`/free-apply/declare-project/detail?id=${projectId}`);
  await expect(page.getByRole('heading', { name: project })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: '立即申报' }), '立即申报', { max: 80 });
  await page.keyboard.press('Enter');
  await page.waitForURL(/apply-form\?projectId=\d+$/);
  await expect(page.getByRole('heading', { name: '在线申报' })).toBeVisible();
  await expect(page.getByLabel('企业名称')).toHaveValue(enterprise);

  // What registration did not ask for is filled in here.
  await tabTo(page, page.getByLabel('法定代表人'), '法定代表人', { max: 80 });
  await page.keyboard.type('沈知行');
  await tabTo(page, page.getByLabel('联系电话'), '联系电话');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('021-58681234');
  await tabTo(page, page.getByRole('combobox', { name: '所在地区' }), '所在地区');
  await cascadeByKeyboard(page, ['上海市', '上海市', '浦东新区']);
  await expect(page.locator('.ant-form-item', { hasText: '所在地区' })).toContainText('上海市 / 上海市 / 浦东新区');
  await tabTo(page, page.getByLabel('详细地址'), '详细地址');
  await page.keyboard.type('基隆路 9 号 A 座 501 室');
  await tabTo(page, page.getByLabel('申请金额'), '申请金额');
  await page.keyboard.type('30');
  await tabTo(page, page.getByLabel('申报说明'), '申报说明');
  await page.keyboard.type('我司 2025 年新购置扫描电镜一台，用于保税研发样品检测，设备价款 126 万元，申请研发设备购置补助。');

  // The material: Enter on the upload control opens the system's file chooser.
  const material = page.locator('.ant-form-item', { hasText: '研发设备购置发票' });
  const upload = material.getByRole('button', { name: '选择文件' });
  // Waited for before the way there: Playwright starts catching the chooser a moment after it is
  // asked to, and a single key press can come first (the system's chooser then opens unseen).
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, upload, '选择文件');
  await photograph(page, `${SHOTS}/keyboard-declare-upload-focused.png`);
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: '研发设备购置发票.pdf', mimeType: 'application/pdf', buffer: pdf('发票') });
  await expect(material.getByRole('link', { name: '研发设备购置发票.pdf' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: '下一步：核对信息' }), '下一步：核对信息');
  await page.keyboard.press('Enter');
  // The form gives way to the check of what was typed, and the focus goes with it.
  const review = page.locator('.declare-review');
  await expect(review).toContainText('30万元');
  await expect(review).toContainText('上海市 / 上海市 / 浦东新区');
  await expect(page.getByRole('heading', { name: '核对申报信息' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: '确认提交' }), '确认提交');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确定提交申报吗？');
  await expect(dialog.getByRole('button', { name: '确定提交' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The dialog is gone with the button that opened it: the focus is on what happened.
  await expect(page.getByRole('heading', { name: '申报已提交' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: '查看我的申报' }), '查看我的申报');
  await photograph(page, `${SHOTS}/keyboard-declare-done-focused.png`);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/user/free-apply');
  await expect(page.locator('tr', { hasText: project }).getByText('待审核')).toBeVisible();
  const saved = withE2eDb((db) => db.prepare('select status, amount_applied as amount, address from declare_ent where project_id = ?').get(projectId));
  expect(saved).toEqual({ status: 'submitted', amount: 300000, address: '基隆路 9 号 A 座 501 室' });
  expect(problems).toEqual([]);
});

/** A 免申即享 project of this journey alone, with the enterprise on its list, waiting for its confirmation. */
function benefitFor(enterpriseId: number, name: string) {
  withE2eDb((db) => {
    const now = new Date().toISOString();
    const { lastInsertRowid } = db
      .prepare(
        `insert into free_project (name, category, department, amount_min, amount_max, conditions, content, publish_at, created_at, updated_at)
         values (?, 'talent', '人力资源和社会保障局', 50000, 50000, '上年度新招录本市高校毕业生 5 人以上的区内企业。', '<p>按新招录人数给予一次性补贴。</p>', ?, ?, ?)`,
      )
      .run(name, now, now, now);
    const reasons = JSON.stringify([{ condition: '上年度新招录本市高校毕业生 6 人', source: '市社保中心参保登记数据' }]);
    db.prepare(`insert into free_declare_ent (free_project_id, enterprise_id, amount, status, reasons, created_at, updated_at) values (?, ?, 50000, 'pending_confirm', ?, ?, ?)`).run(
      Number(lastInsertRowid),
      enterpriseId,
      reasons,
      now,
      now,
    );
  });
}

test('an enterprise confirms a 免申即享 benefit with the keyboard alone and sees it confirmed', async ({ page }) => {
  const problems = watchConsole(page);
  const project = `高校毕业生就业补贴（键盘${stamp}）`;
  const { enterpriseId } = await signInNewEnterprise(page, `上海键盘确认${stamp}贸易有限公司`);
  benefitFor(enterpriseId, project);
  await page.goto('/user');
  const todo = page.locator('.todo-list__item', { hasText: project });
  await expect(todo).toBeVisible();
  await tabTo(page, todo.getByRole('button', { name: '去确认' }), '去确认', { max: 80 });
  await page.keyboard.press('Enter');
  await page.waitForURL(/apply-form\?freeDeclareEntId=\d+$/);
  await expect(page.getByRole('heading', { name: '免申即享确认' })).toBeVisible();

  await tabTo(page, page.getByLabel('开户银行'), '开户银行', { max: 80 });
  await page.keyboard.type('中国银行上海自贸试验区分行');
  await tabTo(page, page.getByLabel('银行账号'), '银行账号');
  await page.keyboard.type('4567 8901 2345 6789');
  await tabTo(page, page.getByLabel('联系电话'), '联系电话');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('13912345678');
  const tick = page.getByRole('checkbox', { name: '我已核对以上认定信息和收款账户，确认无误' });
  await tabTo(page, tick, '确认无误');
  await page.keyboard.press('Space');
  await expect(tick).toBeChecked();
  await photograph(page, `${SHOTS}/keyboard-free-tick-focused.png`);
  await tabTo(page, page.getByRole('button', { name: '确认', exact: true }), '确认');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`确认“${project}”的兑付信息无误？`);
  await expect(dialog.getByRole('button', { name: '确认' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: '已确认' })).toBeFocused();
  await expect(page.getByText(/当前状态：已确认/)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: '查看我的免申即享' }), '查看我的免申即享');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/user/free-apply');
  await expect(page.locator('tr', { hasText: project }).getByText('已确认')).toBeVisible();
  const saved = withE2eDb((db) => db.prepare('select status, bank_account as account, contact_phone as phone from free_declare_ent where enterprise_id = ?').get(enterpriseId));
  expect(saved).toEqual({ status: 'confirmed', account: '4567890123456789', phone: '13912345678' });
  expect(problems).toEqual([]);
});
