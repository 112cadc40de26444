import { choose } from './antd-select.ts';
import { confirmDialog, pressInDialog } from './antd-dialog.ts';
import { settled } from './antd-motion.ts';
import type { Page } from '@playwright/test';
import { expect, REFUSED_CALL, signInDemoEnterprise, test, watchConsole } from './visitor.ts';
import { DEMO_PASSWORD, signIn, signOut } from './console-session.ts';
import { photograph } from './photograph.ts';
import { pdf } from './enterprise-api.ts';

/**
 * The appeal loop in Chromium (docs/console.md "Workflows"): the enterprise files an appeal, the dispatcher accepts
 * and assigns it, the department signs and asks for more time, the dispatcher approves, the
 * department replies with a letter; the enterprise rates it 非常不满意, the bureau verifies and
 * feeds back, and the enterprise rates again. Every console page on the way is photographed.
 */
const SCREENS = 'test-results/screens/console-appeal';

const shot = (page: Page, name: string) => photograph(page, `${SCREENS}/${name}.png`, { fullPage: true });

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Signs a demo staff member in and opens the work order from the queue found by its title. */
async function openWorkOrder(page: Page, loginName: string, title: string, queue?: string) {
  await signIn(page, loginName, DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.getByRole('link', { name: '诉求工单' }).first().click();
  await expect(page.getByRole('heading', { name: '诉求工单' })).toBeVisible();
  if (queue) {
    await page.getByRole('tab', { name: queue }).click();
    await expect(page.getByRole('tab', { name: queue, selected: true })).toBeVisible();
  }
  await page.getByPlaceholder('标题或企业名称').fill(title);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toHaveCount(1);
  return row;
}

test('an appeal goes round the whole loop: accept, assign, sign, extend, reply, 非常不满意, feedback, a new rating', async ({ page }) => {
  test.setTimeout(480_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const title = `保税仓库夜间装卸作业许可协调 ${Date.now() % 100000}`;

  // The enterprise files it, with a file of its own.
  await signInDemoEnterprise(page);
  await page.goto('/appeal/components/appeal-form');
  await choose(page, '诉求类型', '通关物流');
  await page.getByLabel('诉求标题').fill(title);
  await page.getByLabel('诉求内容').fill('我司冷链货物多在夜间到港，需要在保税仓库开展夜间装卸作业，希望协调相关部门办理夜间作业许可。');
  await page.locator('.ant-form-item', { hasText: '附件' }).locator('input[type=file]').setInputFiles({ name: '到港计划表.pdf', mimeType: 'application/pdf', buffer: pdf('到港计划') });
  await expect(page.getByRole('link', { name: '到港计划表.pdf' })).toBeVisible();
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('诉求已提交')).toBeVisible();
  const id = (await page.getByTestId('appeal-receipt-no').innerText()).trim();

  // The dispatcher finds it among the appeals waiting for acceptance.
  let row = await openWorkOrder(page, 'dispatcher', title, '待受理');
  await expect(row.getByText('待受理')).toBeVisible();
  // Due by the end of the next working day: 临期 from the moment it is filed.
  await expect(row.getByText('临期')).toBeVisible();
  await shot(page, 'queue-pending');
  await row.getByRole('link', { name: title }).click();
  // The link carries the list it came from and the place in it (docs/console.md "下一条").
  await page.waitForURL(new RegExp(`/console/appeal/${id}\\?`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: '到港计划表.pdf' })).toBeVisible();
  // A dispatcher accepts or refuses; a department's steps are not offered.
  await expect(page.getByRole('button', { name: '受理', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '不予受理' })).toBeVisible();
  await expect(page.getByRole('button', { name: '签收' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '答复办结' })).toHaveCount(0);
  await shot(page, 'detail-pending');
  // The enterprise's own file opens for the dispatcher through the work order.
  const download = await page.request.get((await page.getByRole('link', { name: '到港计划表.pdf' }).getAttribute('href'))!);
  expect(download.status()).toBe(200);

  await page.getByRole('button', { name: '受理', exact: true }).click();
  await dialog(page, '受理').getByLabel('受理意见（企业可见，可不填）').fill('属于口岸通关便利事项，予以受理。');
  await pressInDialog(dialog(page, '受理'), '受理');
  await expect(page.getByText('已受理，企业已收到通知')).toBeVisible();
  await expect(page.locator('.ant-tag', { hasText: '办理中' }).first()).toBeVisible();

  await page.getByRole('button', { name: '转办' }).click();
  const assign = dialog(page, '转交承办部门');
  await assign.getByRole('button', { name: '转办' }).click();
  await expect(assign.getByText('请选择承办部门')).toBeVisible();
  await choose(page, '承办部门', '企业服务科');
  await assign.getByLabel('转办说明（企业可见，可不填）').fill('请企业服务科牵头协调海关与消防部门。');
  await assign.getByRole('button', { name: '转办' }).click();
  await expect(page.getByText('已转办，承办部门须在 1 个工作日内签收')).toBeVisible();
  await expect(page.getByRole('region', { name: '办理过程' }).getByText('转交企业服务科办理：请企业服务科牵头协调海关与消防部门。')).toBeVisible();
  await expect(assign).toBeHidden();
  await shot(page, 'detail-assigned');
  await signOut(page);

  // The department signs for it and asks for three more working days.
  row = await openWorkOrder(page, 'handler', title);
  await expect(row.getByText('待签收')).toBeVisible();
  await shot(page, 'queue-handler');
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('button', { name: '受理', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '转办' })).toHaveCount(0);
  await page.getByRole('button', { name: '签收' }).click();
  await confirmDialog(page, '确定');
  await expect(page.getByText('已签收', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '申请延期' }).click();
  const extend = dialog(page, '申请延长办理期限');
  await extend.getByLabel('延长的工作日数').fill('3');
  await extend.getByLabel('延期理由（批准后告知企业）').fill('需海关、消防联合现场勘验，勘验排期在下周。');
  await settled(extend);
  await shot(page, 'detail-extend-dialog');
  await extend.getByRole('button', { name: '申请延期' }).click();
  await expect(page.getByText('延期申请已提交，等待受理员审批')).toBeVisible();
  await expect(page.getByRole('button', { name: '申请延期' })).toHaveCount(0);
  await expect(page.getByText('延期待审批').first()).toBeVisible();
  await signOut(page);

  // The dispatcher approves it from the queue of extension requests.
  row = await openWorkOrder(page, 'dispatcher', title, '延期待审批');
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // The same work order in a second tab, left open while the first decides.
  const stale = await page.context().newPage();
  const staleProblems = watchConsole(stale, { allow: REFUSED_CALL });
  await stale.goto(page.url());
  await expect(stale.getByRole('button', { name: '审批延期' })).toBeVisible();
  await page.getByRole('button', { name: '审批延期' }).click();
  const decide = dialog(page, '审批延期');
  await expect(decide.getByText('企业服务科申请延长 3 个工作日')).toBeVisible();
  await decide.getByRole('radio', { name: '不批准' }).check();
  await decide.getByRole('button', { name: '审批延期' }).click();
  await expect(decide.getByText('不批准延期时请填写理由')).toBeVisible();
  await decide.getByRole('radio', { name: '批准延期' }).check();
  // Approving needs no reason: the error for the refusal goes with it.
  await expect(decide.getByText('不批准延期时请填写理由')).toHaveCount(0);
  await settled(decide);
  await shot(page, 'detail-extend-decide');
  await decide.getByRole('button', { name: '审批延期' }).click();
  await expect(page.getByText('延期申请已审批')).toBeVisible();
  await expect(page.getByText('延期已批准').first()).toBeVisible();
  // The stale tab tries again: it is told what happened, and shows the order as it is now.
  await stale.getByRole('button', { name: '审批延期' }).click();
  const staleDecide = dialog(stale, '审批延期');
  await settled(staleDecide);
  await staleDecide.getByRole('radio', { name: '批准延期' }).check();
  await staleDecide.getByRole('button', { name: '审批延期' }).click();
  await expect(stale.getByText('操作未生效：该诉求没有待审批的延期申请。页面已更新为最新状态。')).toBeVisible();
  await expect(stale.getByRole('button', { name: '审批延期' })).toHaveCount(0);
  await expect(stale.getByText('延期已批准').first()).toBeVisible();
  await photograph(stale, `${SCREENS}/detail-conflict.png`, { fullPage: true });
  await stale.close();
  expect(staleProblems).toEqual([]);
  await signOut(page);

  // The department replies with a letter: resolved.
  row = await openWorkOrder(page, 'handler', title);
  await row.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: '答复办结' }).click();
  const reply = dialog(page, '答复企业并办结');
  await reply.getByLabel('答复内容（企业可见）').fill('经海关、消防联合现场勘验，同意贵司在保税仓库开展夜间装卸作业，请按规定报备作业计划。');
  await reply.locator('input[type=file]').setInputFiles({ name: '夜间作业答复函.pdf', mimeType: 'application/pdf', buffer: pdf('答复函') });
  await expect(reply.getByRole('link', { name: '夜间作业答复函.pdf' })).toBeVisible();
  await settled(reply);
  await shot(page, 'detail-reply-dialog');
  await reply.getByRole('button', { name: '答复办结' }).click();
  await expect(page.getByText('已答复办结，企业已收到通知')).toBeVisible();
  await expect(page.getByRole('region', { name: '办理答复' }).getByRole('link', { name: '夜间作业答复函.pdf' })).toBeVisible();
  await expect(reply).toBeHidden();
  await shot(page, 'detail-resolved');
  await signOut(page);

  // The enterprise is not satisfied at all.
  await page.goto(`/user/appeal/${id}`);
  await expect(page.getByRole('link', { name: '夜间作业答复函.pdf' })).toBeVisible();
  await page.getByRole('button', { name: '评价' }).click();
  await settled(page.locator('.ant-modal'));
  await page.locator('.ant-modal').getByText('非常不满意', { exact: true }).click();
  await page.getByLabel('不满意的原因').fill('答复只说同意，没有说明报备的窗口和时限，夜间到港的货物仍无法卸货。');
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.locator('.ant-modal')).toHaveCount(0);
  await expect(page.locator('.appeal-timeline').getByText('重新办理')).toBeVisible();
  await photograph(page, `${SCREENS}/user-detail-unhappy.png`, { fullPage: true });

  // The bureau verifies and feeds back from the list of 差评 follow-ups.
  await signIn(page, 'dispatcher', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.getByRole('link', { name: '差评整改' }).first().click();
  await expect(page.getByRole('heading', { name: '差评整改' })).toBeVisible();
  await page.getByPlaceholder('诉求标题或企业名称').fill(title);
  await page.getByRole('button', { name: '查询' }).click();
  const followUp = page.getByRole('row', { name: new RegExp(title) });
  await expect(followUp).toHaveCount(1);
  await expect(followUp.getByText('非常不满意')).toBeVisible();
  await expect(followUp.getByText('待核实')).toBeVisible();
  await expect(followUp.getByText(/\d{4}-\d{2}-\d{2} 23:59/)).toBeVisible();
  await shot(page, 'follow-ups');
  await followUp.getByRole('button', { name: '核实' }).click();
  const verify = page.getByRole('dialog', { name: `核实差评：${title}` });
  await verify.getByRole('button', { name: '记录核实情况' }).click();
  await expect(verify.getByText('请填写核实情况')).toBeVisible();
  await verify.getByLabel(/核实情况/).fill('经核实，答复未写明夜间作业报备窗口和办理时限，企业反映属实。');
  await verify.getByRole('button', { name: '记录核实情况' }).click();
  await expect(page.getByText('核实情况已记录')).toBeVisible();
  await expect(followUp.getByText('整改中')).toBeVisible();
  await followUp.getByRole('button', { name: '整改反馈' }).click();
  const feedback = page.getByRole('dialog', { name: `整改反馈：${title}` });
  await feedback.getByLabel(/整改反馈/).fill('已补充说明：夜间作业计划请于每日 16:00 前通过单一窗口报备，海关夜间值班窗口 22:00 至次日 6:00 受理查验。');
  await settled(feedback);
  await shot(page, 'follow-up-feedback-dialog');
  await feedback.getByRole('button', { name: '发送给企业' }).click();
  await expect(page.getByText('整改反馈已发送，企业可重新评价')).toBeVisible();
  await expect(followUp.getByText('已反馈', { exact: true })).toBeVisible();
  await followUp.getByRole('link', { name: title }).click();
  await expect(page.getByRole('region', { name: '企业评价与差评整改' }).getByText('已反馈')).toBeVisible();
  await shot(page, 'detail-followed-up');
  await signOut(page);

  // The enterprise sees the feedback in its timeline and rates again.
  await page.goto(`/user/appeal/${id}`);
  const timeline = page.locator('.appeal-timeline');
  await expect(timeline.getByText('核实差评')).toBeVisible();
  await expect(timeline.getByText('整改反馈', { exact: true })).toBeVisible();
  await expect(timeline.getByText(/每日 16:00 前通过单一窗口报备/)).toBeVisible();
  await page.getByRole('button', { name: '评价' }).click();
  await settled(page.locator('.ant-modal'));
  await page.locator('.ant-modal').getByText('满意', { exact: true }).click();
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.locator('.ant-modal')).toHaveCount(0);
  await expect(page.getByText('已评价').first()).toBeVisible();
  await photograph(page, `${SCREENS}/user-detail-re-rated.png`, { fullPage: true });

  expect(problems).toEqual([]);
});
