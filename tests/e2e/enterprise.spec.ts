import { choose } from './antd-select.ts';
import { confirmDialog, pressInDialog } from './antd-dialog.ts';
import { settled } from './antd-motion.ts';
import { DEMO_ENTERPRISE as DEMO, expect, hydrated, signInDemoEnterprise as login, test, watchConsole, siteOrigin } from './visitor.ts';
import type { Locator, Page } from '@playwright/test';
import { photograph } from './photograph.ts';
import { pdf } from './enterprise-api.ts';

/**
 * What a logged-in enterprise does on the portal, in Chromium against the built server:
 * appeals with attachments, a visitor's draft surviving login, a declaration saved as a draft and
 * resumed, a 免申即享 row confirmed, evaluations, an objection, and the user centre.
 */

const SCREENS = 'test-results/screens';

/** The form item of a label, to scope an upload field or an error message to it. */
const item = (page: Page, label: string | RegExp): Locator => page.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: label }) });

async function screen(page: Page, name: string) {
  await photograph(page, `${SCREENS}/enterprise-${name}.png`, { fullPage: true });
}

test('an enterprise files an appeal with an attachment, sees it in /user/appeal and opens its detail', async ({ page }) => {
  // The first upload is made to fail on purpose (then retried).
  const problems = watchConsole(page, { allow: /status of 503/ });
  await login(page);
  await page.goto('/appeal/components/appeal-form');
  await expect(page.getByRole('heading', { name: '我要诉求' })).toBeVisible();
  // The contact comes from the enterprise profile.
  await expect(page.getByLabel('联系人')).not.toHaveValue('');
  await expect(page.getByLabel('联系电话')).not.toHaveValue('');
  await screen(page, 'appeal-form');

  // Client checks with the contract's messages, before anything is sent.
  await page.getByRole('button', { name: '提交' }).click();
  await expect(item(page, '诉求标题').getByText('请填写诉求标题')).toBeVisible();

  const title = `园区夜间通勤班车协调-${Date.now() % 100000}`;
  await choose(page, '诉求类型', '用工需求');
  await page.getByLabel('诉求标题').fill(title);
  await page.getByLabel('诉求内容').fill('我司夜班员工约 60 人，园区 22 点后无公交，希望协调开通夜间通勤班车或与公交公司对接。');

  const attachments = item(page, '附件');
  // Checked before sending: a kind the portal does not take never leaves the browser.
  await attachments.locator('input[type=file]').setInputFiles({ name: '安装程序.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByText(/“安装程序.exe”：不支持的文件类型/)).toBeVisible();
  await expect(attachments.locator('.ant-upload-list-item')).toHaveCount(0);

  // A failed upload says so in place and can be retried.
  await page.route('**/uaa/api/upload/file', (route) => route.fulfill({ status: 503, json: { code: 503, msg: '服务暂不可用，请稍后重试', data: null } }), {
    times: 1,
  });
  await attachments.locator('input[type=file]').setInputFiles({ name: '员工排班表.pdf', mimeType: 'application/pdf', buffer: pdf('演示附件', 600) });
  await expect(attachments.getByText('服务暂不可用，请稍后重试')).toBeVisible();

  // Retried on a slow line, so that the progress bar is seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  await attachments.getByRole('button', { name: '重试' }).click();
  await expect(attachments.locator('.ant-upload-list-item-progress')).toBeVisible();
  await expect(attachments.getByText(/上传中 \d+%/)).toBeVisible();
  await screen(page, 'appeal-upload-progress');
  await expect(attachments.getByRole('link', { name: '员工排班表.pdf' })).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await page.getByRole('radio', { name: '公开', exact: true }).check();
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('诉求已提交')).toBeVisible();
  const number = (await page.getByTestId('appeal-receipt-no').innerText()).trim();
  expect(number).toMatch(/^\d+$/);
  await expect(page.getByText('受理时限')).toBeVisible();
  await screen(page, 'appeal-receipt');

  await page.getByRole('button', { name: '我的诉求' }).click();
  await expect(page).toHaveURL(/\/user\/appeal$/);
  const row = page.locator('tr', { hasText: title });
  await expect(row.getByText('待受理')).toBeVisible();
  await screen(page, 'user-appeal');

  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/user/appeal/${number}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.locator('.appeal-timeline').getByText('提交诉求')).toBeVisible();
  await expect(page.getByText('受理时限（1 个工作日）')).toBeVisible();
  await expect(page.getByRole('link', { name: '员工排班表.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: '撤回' })).toBeVisible();
  await screen(page, 'user-appeal-detail');

  // The status tabs and the keyword live in the URL.
  await page.goto(`/user/appeal?status=pending&keyword=${encodeURIComponent(title)}`);
  await expect(page.getByRole('tab', { name: '待受理', selected: true })).toBeVisible();
  await expect(page.locator('tbody tr', { hasText: title })).toHaveCount(1);
  expect(problems).toEqual([]);
});

test("a visitor's appeal draft survives the trip through login", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/appeal/components/appeal-form');
  await expect(page.getByText('您尚未登录')).toBeVisible();
  const title = `保税仓库扩容用地咨询-${Date.now() % 100000}`;
  await choose(page, '诉求类型', '用地用房');
  await page.getByLabel('诉求标题').fill(title);
  await page.getByLabel('诉求内容').fill('我司计划扩建保税仓库约 3000 平方米，想了解园区内可用地块和办理流程。');
  await page.getByLabel('联系人').fill('周晓明');
  await page.getByLabel('联系电话').fill('13912345678');
  await page.getByRole('button', { name: '提交' }).click();
  await screen(page, 'appeal-visitor-login-prompt');
  await confirmDialog(page, '去登录');
  await expect(page).toHaveURL(/\/auth\/login\?redirect_uri=%2Fappeal%2Fcomponents%2Fappeal-form$/);

  // The login page itself, which sends the visitor back to the form.
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await page.getByLabel('手机号').fill(DEMO.phone);
  await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
  await page.getByLabel('图形验证码', { exact: true }).fill('8888');
  await screen(page, 'appeal-visitor-login');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/appeal\/components\/appeal-form$/);
  await expect(page.getByText(/已恢复您 .* 填写的内容/)).toBeVisible();
  await expect(page.getByLabel('诉求标题')).toHaveValue(title);
  await expect(page.getByLabel('联系人')).toHaveValue('周晓明');
  await expect(page.getByLabel('联系电话')).toHaveValue('13912345678');
  await screen(page, 'appeal-draft-restored');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('诉求已提交')).toBeVisible();

  // Submitted: the draft is gone, the next visit starts clean.
  await page.getByRole('button', { name: '继续提交诉求' }).click();
  // The new form takes the focus (the pressed button went with the receipt).
  await expect(page.getByLabel('诉求类型')).toBeFocused();
  await page.reload();
  await expect(page.getByLabel('诉求标题')).toHaveValue('');
  expect(problems).toEqual([]);
});

test('an enterprise declares for an open project: draft saved, resumed, checked and submitted', async ({ page }) => {
  const problems = watchConsole(page);
  await login(page);
  await page.goto('/free-apply?tab=declare');
  await page.getByRole('link', { name: '跨境电商海外仓建设补贴' }).first().click();
  await expect(page.getByRole('heading', { name: '跨境电商海外仓建设补贴' })).toBeVisible();
  await expect(page.getByText('申报条件')).toBeVisible();
  await expect(page.getByRole('link', { name: /下载模板/ }).first()).toBeVisible();
  await screen(page, 'declare-project-detail');

  await page.getByRole('link', { name: '立即申报' }).click();
  await expect(page).toHaveURL(/apply-form\?projectId=\d+$/);
  // Prefilled from pre-en-info, the address as names.
  await expect(page.getByLabel('企业名称')).toHaveValue('示范科技（上海）有限公司');
  await expect(item(page, '所在地区')).toContainText('上海市');
  await page.getByLabel('申请金额').fill('45');
  await page.getByLabel('申报说明').fill('我司在德国汉堡租赁海外仓 2000 平方米，2025 年服务跨境电商订单 12 万单，申请建设补贴用于仓储管理系统升级。');
  const materialItems = page.locator('.ant-form-item').filter({ has: page.locator('.upload-field') });
  await expect(materialItems.first()).toBeVisible();
  const count = await materialItems.count();
  await materialItems
    .first()
    .locator('input[type=file]')
    .setInputFiles({ name: '营业执照副本.pdf', mimeType: 'application/pdf', buffer: pdf('演示附件', 20) });
  await expect(materialItems.first().getByRole('link', { name: '营业执照副本.pdf' })).toBeVisible();
  await screen(page, 'declare-form');

  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page).toHaveURL(/apply-form\?id=\d+$/);
  const draftUrl = page.url();

  // Come back later: everything saved is there.
  await page.goto('/user/free-apply?kind=declare&status=draft');
  await expect(page.locator('tr', { hasText: '跨境电商海外仓建设补贴' }).getByText('草稿')).toBeVisible();
  await page.goto(draftUrl);
  await expect(page.getByLabel('申请金额')).toHaveValue('45');
  await expect(page.getByLabel('申报说明')).toHaveValue(/汉堡/);
  await expect(materialItems.first().getByRole('link', { name: '营业执照副本.pdf' })).toBeVisible();

  // Every required material still missing is named under its field.
  await page.getByRole('button', { name: '下一步：核对信息' }).click();
  for (let i = 1; i < count; i++) {
    const field = materialItems.nth(i);
    if (!(await field.locator('.ant-form-item-required').count())) continue;
    await expect(field.locator('.ant-form-item-explain-error')).toContainText('请上传');
    await field.locator('input[type=file]').setInputFiles({ name: `材料${i}.pdf`, mimeType: 'application/pdf', buffer: pdf('演示附件', 10) });
    await expect(field.getByRole('link', { name: `材料${i}.pdf` })).toBeVisible();
  }
  await page.getByRole('button', { name: '下一步：核对信息' }).click();
  await expect(page.getByText('请核对以下信息')).toBeVisible();
  await expect(page.locator('.declare-review')).toContainText('45万元');
  await expect(page.locator('.declare-review')).toContainText('上海市');
  await screen(page, 'declare-review');
  await page.getByRole('button', { name: '确认提交' }).click();
  await confirmDialog(page, '确定提交');
  await expect(page.getByText('申报已提交', { exact: true })).toBeVisible();
  await screen(page, 'declare-submitted');

  await page.goto('/user/free-apply');
  await expect(page.locator('tr', { hasText: '跨境电商海外仓建设补贴' }).getByText('待审核')).toBeVisible();
  await screen(page, 'user-free-apply');
  // Under review it can be read, no longer changed.
  await page.locator('tr', { hasText: '跨境电商海外仓建设补贴' }).getByRole('link', { name: '查看' }).click();
  await expect(page.getByText(/当前状态：待审核/)).toBeVisible();
  await expect(page.getByRole('button', { name: '保存草稿' })).toHaveCount(0);
  await expect(page.locator('.declare-review')).toContainText('45万元');
  await expect(page.getByRole('heading', { name: '申报详情' })).toBeVisible();
  await screen(page, 'declare-readonly');
  expect(problems).toEqual([]);
});

test('the demo enterprise confirms a 免申即享 row and reports wrong information on another', async ({ page }) => {
  const problems = watchConsole(page);
  await login(page);
  await page.goto('/user');
  const todos = page.locator('.todo-list__item', { hasText: '免申即享' });
  await expect(todos).toHaveCount(2);
  await screen(page, 'user-overview');

  const first = todos.first();
  const project = (await first.locator('.todo-list__title').innerText()).trim();
  await first.getByRole('button', { name: '去确认' }).click();
  await expect(page).toHaveURL(/apply-form\?freeDeclareEntId=\d+$/);
  await expect(page.getByRole('heading', { name: '免申即享确认' })).toBeVisible();
  await expect(page.locator('.eligibility tbody tr').first()).toBeVisible();
  await page.getByLabel('开户银行').fill('中国工商银行上海自贸试验区分行');
  await page.getByLabel('银行账号').fill('1001 2345 6789 0123');
  await screen(page, 'free-confirm-form');
  await page.getByRole('button', { name: '确认', exact: true }).click();
  await expect(page.getByRole('main').getByText('请先核对以上信息并勾选确认')).toBeVisible();
  await page.getByText('我已核对以上认定信息和收款账户，确认无误').click();
  await page.getByRole('button', { name: '确认', exact: true }).click();
  await confirmDialog(page, '确认');
  await expect(page.getByText('当前状态：已确认')).toBeVisible();
  await expect(page.locator('.page-heading').getByText('已确认')).toBeVisible();
  await screen(page, 'free-confirmed');

  await page.goto('/user/free-apply?kind=free');
  await expect(page.locator('tr', { hasText: project }).getByText('已确认')).toBeVisible();

  // The other row: its project page shows why the enterprise is eligible, and "信息有误" files a correction.
  await page.goto('/user');
  await expect(page.locator('.todo-list__item', { hasText: '免申即享' })).toHaveCount(1);
  const other = (await page.locator('.todo-list__item', { hasText: '免申即享' }).locator('.todo-list__title').innerText()).trim();
  await page.goto('/free-apply');
  await page.getByRole('link', { name: other }).first().click();
  await expect(page.getByTestId('eligible-card')).toBeVisible();
  await screen(page, 'free-project-detail');
  await page.getByRole('button', { name: '信息有误' }).click();
  const correction = page.getByRole('dialog', { name: '信息有误，申请更正' });
  await correction.getByLabel('有误的信息及正确情况').fill('2025 年度参保职工人数应为 126 人，而非 98 人，以社保缴费明细为准。');
  await pressInDialog(correction, '提交');
  await expect(page.getByTestId('correction-receipt')).not.toBeEmpty();
  await screen(page, 'free-correction-receipt');
  expect(problems).toEqual([]);
});

test('the demo enterprise evaluates resolved appeals; 不满意 needs a reason and reopens the appeal', async ({ page }) => {
  const problems = watchConsole(page);
  await login(page);
  await page.goto('/user/appeal?status=resolved');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows.nth(1)).toBeVisible();
  // The list is drawn by the server; its buttons answer once the page has hydrated.
  await hydrated(page);
  const firstTitle = (await rows.first().locator('.ent-table-title').innerText()).trim();

  await rows.first().getByRole('button', { name: '评价' }).click();
  const modal = page.locator('.ant-modal', { hasText: '满意程度' });
  await expect(modal.getByText('不满意”或“非常不满意”时，诉求将重新进入办理')).toBeVisible();
  await settled(modal);
  await modal.getByText('满意', { exact: true }).click();
  await modal.getByLabel('评价内容（选填）').fill('答复及时，问题已解决。');
  await screen(page, 'appeal-evaluate');
  await modal.getByRole('button', { name: '提交评价' }).click();
  await expect(page.locator('tbody tr', { hasText: firstTitle })).toHaveCount(0);
  await page.goto('/user/appeal?status=evaluated');
  await expect(page.locator('tr', { hasText: firstTitle }).getByText('已评价')).toBeVisible();

  // The next one from its detail page, unhappy: a reason is asked for, and it goes back to 办理中.
  await page.goto('/user/appeal?status=resolved');
  const second = page.locator('tbody tr.ant-table-row').first();
  const secondTitle = (await second.locator('.ent-table-title').innerText()).trim();
  await second.getByRole('link', { name: secondTitle }).click();
  await expect(page.getByRole('heading', { name: secondTitle })).toBeVisible();
  await page.getByRole('button', { name: '评价' }).click();
  const rating = page.locator('.ant-modal');
  await settled(rating);
  await rating.getByText('不满意', { exact: true }).click();
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(rating.getByText('请说明不满意的原因，便于我们改进')).toBeVisible();
  await page.getByLabel('不满意的原因').fill('答复只给了政策原文，没有说明我司能否申请。');
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(rating).toHaveCount(0);
  await expect(page.locator('.appeal-timeline').getByText('重新办理')).toBeVisible();
  await expect(page.getByText('办理中').first()).toBeVisible();
  await screen(page, 'appeal-reopened');
  expect(problems).toEqual([]);
});

test('a logged-in enterprise lodges a real-name objection while a proclamation is open', async ({ page }) => {
  const problems = watchConsole(page);
  await login(page);
  await page.goto('/free-apply?tab=proclamation');
  const links = page.locator('main a[href^="/free-apply/proclamation/detail"]');
  await expect(links.first()).toBeVisible();
  const n = await links.count();
  let found = false;
  for (let i = 0; i < n && !found; i++) {
    await page.goto((await links.nth(i).getAttribute('href'))!);
    // The form itself loads after hydration; the badge in the server-rendered page says whether the period is open.
    found = (await page.locator('.detail-sheet__badges').getByText('公示中').count()) > 0;
    if (!found) await page.goBack();
  }
  expect(found, 'a proclamation in its objection period').toBe(true);
  await expect(page.locator('.proclaimed-list tbody tr').first()).toBeVisible();
  await page.getByLabel('异议理由').fill('名单中某企业 2025 年度研发投入未达申报条件规定的比例，请核实其审计报告。');
  await page.getByRole('button', { name: '提交异议' }).click();
  await expect(page.getByTestId('objection-receipt')).not.toBeEmpty();
  await screen(page, 'proclamation-objection');
  expect(problems).toEqual([]);
});

test('the user area is guarded, and its address book shows the commissioner and the stars', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/user/appeal?status=pending');
  await expect(page).toHaveURL(/\/auth\/login\?redirect_uri=%2Fuser%2Fappeal%3Fstatus%3Dpending$/);
  await login(page);
  // The journey stars its own entry rather than relying on what the seed or other journeys left.
  const origin = siteOrigin();
  const entries = await (await page.request.post('/api/book/gov/pages', { data: { currentPage: 1, pageSize: 20 }, headers: { origin } })).json();
  const entry = entries.data.records.at(-1) as { id: number; name: string; phone: string };
  const starredRes = await page.request.post('/api/book/gov/star', { data: { entryId: entry.id, starred: true }, headers: { origin } });
  expect((await starredRes.json()).code, 'star through the API').toBe(0);

  await page.goto('/user/address-book');
  await expect(page.getByTestId('commissioner')).toBeVisible();
  const rows = page.locator('tbody tr.ant-table-row');
  const row = rows.filter({ hasText: entry.name }).filter({ hasText: entry.phone });
  await expect(row).toHaveCount(1);
  const before = await rows.count();
  await screen(page, 'user-address-book');
  await row.getByRole('button', { name: '取消收藏' }).click();
  const removed = page.waitForResponse((r) => r.url().endsWith('/api/book/gov/star'));
  await confirmDialog(page, '取消收藏');
  expect(await (await removed).json()).toMatchObject({ code: 0, data: { entryId: entry.id, starred: false } });
  await expect(row).toHaveCount(0);
  await expect(rows).toHaveCount(before - 1);
  expect(problems).toEqual([]);
});
