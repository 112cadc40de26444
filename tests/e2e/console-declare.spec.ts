import type { Browser, Page } from '@playwright/test';
import { expect, REFUSED_CALL, signInDemoEnterprise, test, visitorAddress, watchConsole, siteOrigin } from './visitor.ts';
import { confirmDialog, pressInDialog } from './antd-dialog.ts';
import { settled } from './antd-motion.ts';
import { DEMO_PASSWORD, signIn, signOut } from './console-session.ts';
import { withE2eDb } from './e2e-data.ts';
import { photograph } from './photograph.ts';
import { newEnterpriseIds, pdf, signUpThroughApi } from './enterprise-api.ts';

/**
 * A declaration and its 公示 in Chromium (docs/console.md "Declaration review", "公示"): the enterprise declares, the reviewer returns
 * it with a note, the enterprise resubmits after the window has closed, the reviewer approves an
 * amount; a 公示 is generated and published, another enterprise objects, the reviewer answers and,
 * once the objection period is over, concludes it. What the enterprise sees is checked at each step.
 * Time moves in the data (the window closing, the period running out), as the API tests move it.
 */
const SCREENS = '/tmp/shots-decl';
const DAY = 86_400_000;
const stamp = Date.now() % 100000;
const PROJECT = `口岸通关便利化设备补助（${stamp}）`;
const DEMO_NAME = '示范科技（上海）有限公司';

const shot = (page: Page, name: string) => photograph(page, `${SCREENS}/${name}.png`, { fullPage: true });

/** A project of this journey alone, open now, capped at 50 万元, with one required material. */
function createProject(): number {
  return withE2eDb((db) => {
    const now = Date.now();
    const { lastInsertRowid } = db
      .prepare(
        `insert into declare_project (name, category, department, amount_min, amount_max, apply_start, apply_end, conditions, content, created_at, updated_at)
         values (?, 'industry', '口岸服务处', 100000, 500000, ?, ?, '<p>在区内注册并开展进出口业务的企业。</p>', '<p>补助企业购置查验、通关便利化设备。</p>', ?, ?)`,
      )
      .run(PROJECT, new Date(now - 10 * DAY).toISOString(), new Date(now + 10 * DAY).toISOString(), new Date(now).toISOString(), new Date(now).toISOString());
    const id = Number(lastInsertRowid);
    db.prepare(`insert into declare_material (project_id, name, required, template_type, sort) values (?, '设备购置合同', 1, null, 0)`).run(id);
    return id;
  });
}

const closeWindow = (projectId: number) =>
  withE2eDb((db) => db.prepare('update declare_project set apply_end = ? where id = ?').run(new Date(Date.now() - DAY).toISOString(), projectId));
const endObjectionPeriod = (proclamationId: number) =>
  withE2eDb((db) => db.prepare('update proclamation set objection_end_at = ? where id = ?').run(new Date(Date.now() - 60_000).toISOString(), proclamationId));
const declarationOf = (projectId: number) => withE2eDb((db) => (db.prepare('select id from declare_ent where project_id = ?').get(projectId) as { id: number }).id);

/** Another enterprise, registered through the API in a browser of its own, to object to the 公示. */
async function objectorPage(browser: Browser): Promise<Page> {
  const baseURL = siteOrigin();
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() } });
  const page = await context.newPage();
  const { phone, uscc } = newEnterpriseIds('136');
  await signUpThroughApi(page, { phone, uscc, enterpriseName: `上海港联${stamp}国际物流有限公司`, contactName: '何文博' });
  return page;
}

test('a declaration is returned, resubmitted after the window, approved, proclaimed, objected to, answered and concluded', async ({ page, browser }) => {
  test.setTimeout(300_000);
  // The 400 of an amount above the one asked for is the journey's own doing.
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  await page.setViewportSize({ width: 1440, height: 900 });
  const projectId = createProject();

  // The enterprise declares: 40 万元 asked, the contract attached.
  await signInDemoEnterprise(page);
  await page.goto(`/free-apply/components/apply-form?projectId=${projectId}`);
  await expect(page.getByRole('heading', { name: '在线申报' })).toBeVisible();
  await expect(page.getByLabel('企业名称')).toHaveValue(DEMO_NAME);
  await page.getByLabel('申请金额').fill('40');
  await page.getByLabel('申报说明').fill('我司拟购置 H986 集装箱检查设备配套的智能卡口系统一套，用于提升夜间通关效率，合同金额 96 万元。');
  const material = page.locator('.ant-form-item').filter({ has: page.locator('.upload-field') }).first();
  await material.locator('input[type=file]').setInputFiles({ name: '设备购置合同.pdf', mimeType: 'application/pdf', buffer: pdf('合同') });
  await expect(material.getByRole('link', { name: '设备购置合同.pdf' })).toBeVisible();
  await page.getByRole('button', { name: '下一步：核对信息' }).click();
  await expect(page.locator('.declare-review')).toContainText('40万元');
  await page.getByRole('button', { name: '确认提交' }).click();
  await confirmDialog(page, '确定提交');
  await expect(page.getByText('申报已提交', { exact: true })).toBeVisible();
  const id = declarationOf(projectId);
  const detailUrl = `/free-apply/components/apply-form?id=${id}`;

  // The reviewer finds it in the project's queue, due in 10 working days, and returns it.
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await expect(page.getByRole('navigation', { name: '申报审核' }).getByRole('link', { name: /申报待审核/ })).toBeVisible();
  await page.getByRole('link', { name: '申报审核' }).first().click();
  await expect(page.getByRole('heading', { name: '申报审核' })).toBeVisible();
  await page.goto(`/console/declare?projectId=${projectId}`);
  const row = page.getByRole('row', { name: new RegExp(DEMO_NAME) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('待审核')).toBeVisible();
  await shot(page, 'console-declare-queue');
  await row.getByRole('link', { name: DEMO_NAME }).click();
  // The link carries the list it came from (docs/console.md "下一条").
  await page.waitForURL(new RegExp(`/console/declare/${id}\\?`));
  await expect(page.getByRole('heading', { name: `申报审核：${DEMO_NAME}` })).toBeVisible();
  // The material opens in the browser.
  const file = page.getByRole('link', { name: '设备购置合同.pdf' });
  const opened = await page.request.get((await file.getAttribute('href'))!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-disposition']).toMatch(/^inline/);
  await shot(page, 'console-declare-detail');
  const review = page.getByRole('form', { name: '审核申报' });
  // Nothing is chosen for the reviewer: sending without a choice asks for one.
  await review.getByRole('button', { name: '提交审核结果' }).click();
  await expect(review.getByText('请选择审核结果')).toBeVisible();
  await review.getByText('退回修改', { exact: true }).click();
  await review.getByRole('button', { name: '提交审核结果' }).click();
  await expect(review.getByText('退回或不予通过时请填写审核意见')).toBeVisible();
  await review.getByLabel('审核意见').fill('请补充设备购置合同的盖章页，并说明智能卡口系统的安装位置。');
  await review.getByRole('button', { name: '提交审核结果' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('退回后企业可在 5 个工作日内修改并重新提交');
  await confirmDialog(page, '确认退回');
  await expect(page.getByText('审核结果已保存，企业已收到通知')).toBeVisible();
  await expect(page.getByRole('form', { name: '审核申报' })).toHaveCount(0);
  const history = page.locator('.ant-card', { hasText: '办理记录' });
  await expect(history.getByText('退回修改', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-card', { hasText: '短信通知' })).toBeVisible();
  await shot(page, 'console-declare-returned');
  await signOut(page);

  // The window closes; the enterprise still may resubmit within 5 working days of the return.
  closeWindow(projectId);
  await page.goto('/user/messages');
  await expect(page.getByRole('link', { name: `申报“${PROJECT}”已退回修改` }).first()).toBeVisible();
  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { name: '在线申报' })).toBeVisible();
  await expect(page.getByText('审核意见：退回修改')).toBeVisible();
  await expect(page.getByText('请补充设备购置合同的盖章页，并说明智能卡口系统的安装位置。').first()).toBeVisible();
  const aside = page.locator('.ent-aside');
  // A working-day limit ends at midnight: read as 23:59 of its own day.
  await expect(aside.locator('.ent-aside__text', { hasText: /请于 \d{4}-\d{2}-\d{2} 23:59 前修改后重新提交，逾期不能再提交。/ })).toBeVisible();
  await expect(aside.getByText('退回修改', { exact: true })).toBeVisible();
  await shot(page, 'enterprise-declare-returned');
  await page.getByLabel('申请金额').fill('45');
  await material.locator('input[type=file]').setInputFiles({ name: '设备购置合同（盖章页）.pdf', mimeType: 'application/pdf', buffer: pdf('盖章页') });
  await expect(material.getByRole('link', { name: '设备购置合同（盖章页）.pdf' })).toBeVisible();
  await page.getByRole('button', { name: '下一步：核对信息' }).click();
  await page.getByRole('button', { name: '确认提交' }).click();
  await confirmDialog(page, '确定提交');
  await expect(page.getByText('申报已提交', { exact: true })).toBeVisible();
  await page.goto(detailUrl);
  await expect(page.getByText(/当前状态：待审核/)).toBeVisible();
  await expect(aside.getByText('修改后重新提交', { exact: true })).toBeVisible();

  // The reviewer approves, at most what was asked.
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.goto(`/console/declare/${id}`);
  await expect(page.locator('.ant-card', { hasText: '办理记录' }).getByText('修改后重新提交', { exact: true })).toBeVisible();
  await review.getByText('审核通过', { exact: true }).click();
  await expect(review.getByText('不超过申请金额 45 万元，项目上限 50 万元')).toBeVisible();
  await review.getByLabel('核定金额（万元）').fill('48');
  await review.getByRole('button', { name: '提交审核结果' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('核定金额 48 万元（申请 45 万元）');
  await confirmDialog(page, '确认通过');
  await expect(review.getByText('核定金额不能超过申请金额 45 万元')).toBeVisible();
  await review.getByLabel('核定金额（万元）').fill('42');
  await expect(review.getByText('核定金额不能超过申请金额 45 万元')).toHaveCount(0);
  await review.getByLabel('审核意见（选填）').fill('经审核，按设备合同金额的 45% 核定补助。');
  await shot(page, 'console-declare-approve');
  await review.getByRole('button', { name: '提交审核结果' }).click();
  // The confirmation states the amount and who will be told.
  const approval = page.locator('.ant-modal-confirm');
  await expect(approval).toContainText('核定金额 42 万元（申请 45 万元）');
  await expect(approval).toContainText('将收到站内消息和短信');
  await settled(approval);
  await shot(page, 'console-declare-approve-confirm');
  await confirmDialog(page, '确认通过');
  await expect(page.getByText('审核结果已保存，企业已收到通知')).toBeVisible();
  await expect(page.locator('.ant-descriptions').getByText('42 万元')).toBeVisible();
  await shot(page, 'console-declare-approved');

  // A 公示 from the project's approved declarations; published with its objection period.
  await page.goto(`/console/declare?projectId=${projectId}&queue=all`);
  await page.getByRole('button', { name: '生成公示' }).click();
  await page.waitForURL(/\/console\/proclamation\/\d+$/);
  const proclamationId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: `关于${PROJECT}拟支持企业名单的公示` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${DEMO_NAME}.*42`) })).toBeVisible();
  await shot(page, 'console-proclamation-draft');
  await page.getByRole('button', { name: '发布' }).click();
  await confirmDialog(page, '确定');
  await expect(page.getByText('公示已发布')).toBeVisible();
  await expect(page.getByText(/异议期至 .+，期满且异议全部答复后可结束公示/)).toBeVisible();
  await expect(page.getByRole('button', { name: '结束公示' })).toHaveCount(0);
  await signOut(page);

  // The enterprise reads the result on its declaration, with the whole history.
  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { name: '申报详情' })).toBeVisible();
  await expect(page.getByText(/当前状态：审核通过/)).toBeVisible();
  await expect(aside.getByText('核定金额：42 万元')).toBeVisible();
  for (const step of ['提交申报', '退回修改', '修改后重新提交', '审核通过']) await expect(aside.getByText(step, { exact: true })).toBeVisible();
  await expect(aside.getByText(/核定金额 42 万元/)).toBeVisible();
  await shot(page, 'enterprise-declare-approved');
  await page.goto('/user/messages');
  await expect(page.getByRole('link', { name: `申报“${PROJECT}”审核结果` }).first()).toBeVisible();

  // Another enterprise objects while the 公示 is open.
  const objector = await objectorPage(browser);
  const objectorProblems = watchConsole(objector);
  const publicUrl = `/free-apply/proclamation/detail?projectId=${projectId}&id=${proclamationId}`;
  await objector.goto(publicUrl);
  await expect(objector.locator('.detail-sheet__badges').getByText('公示中')).toBeVisible();
  await expect(objector.locator('.proclaimed-list')).toContainText(DEMO_NAME);
  await objector.getByLabel('异议理由').fill('据了解，该企业的智能卡口系统尚未完成安装验收，请核实其是否符合补助条件。');
  await objector.getByRole('button', { name: '提交异议' }).click();
  await expect(objector.getByTestId('objection-receipt')).not.toBeEmpty();
  const receiptNo = (await objector.getByTestId('objection-receipt').innerText()).trim();

  // The reviewer answers it; the 公示 cannot end while the period runs.
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await expect(page.getByRole('navigation', { name: '公示异议' }).getByRole('link', { name: /异议待答复/ })).toContainText(/[1-9]/);
  await page.goto(`/console/proclamation/${proclamationId}`);
  const objectionRow = page.getByRole('row', { name: new RegExp(receiptNo) });
  await expect(objectionRow).toBeVisible();
  await objectionRow.getByRole('button', { name: '答复' }).click();
  const answer = page.getByRole('dialog', { name: `答复异议 ${receiptNo}` });
  await settled(answer);
  await answer.getByText('异议不成立').click();
  await answer.getByLabel('答复内容').fill('经现场核查，该企业智能卡口系统已于上月完成安装并通过验收，符合补助条件，异议不成立。');
  await shot(page, 'console-objection-answer');
  await pressInDialog(answer, '发送答复');
  await expect(page.getByText('答复已发送给异议人')).toBeVisible();
  await expect(objectionRow.getByText('异议不成立', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '结束公示' })).toHaveCount(0);
  await shot(page, 'console-proclamation-answered');

  // The objector reads the answer on the 公示's page.
  await objector.reload();
  await expect(objector.getByLabel('我提出的异议')).toContainText(`受理编号 ${receiptNo}`);
  await expect(objector.getByLabel('我提出的异议')).toContainText('异议不成立');
  await expect(objector.getByLabel('我提出的异议')).toContainText('已于上月完成安装并通过验收');
  await photograph(objector, `${SCREENS}/objector-answer.png`, { fullPage: true });

  // The period runs out: the reviewer concludes the 公示.
  endObjectionPeriod(proclamationId);
  await page.reload();
  await page.getByRole('button', { name: '结束公示' }).click();
  await confirmDialog(page, '确定');
  await expect(page.getByText('公示已结束')).toBeVisible();
  await expect(page.locator('.ant-descriptions').getByText('已结束')).toBeVisible();
  await expect(page.getByRole('button', { name: '撤销' })).toHaveCount(0);
  await shot(page, 'console-proclamation-concluded');
  await objector.reload();
  await expect(objector.locator('.detail-sheet__badges').getByText('公示期已结束')).toBeVisible();

  await objector.context().close();
  expect(objectorProblems).toEqual([]);
  expect(problems).toEqual([]);
});
