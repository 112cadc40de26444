import type { Page } from '@playwright/test';
import { confirmDialog } from './antd-dialog.ts';
import { choose } from './antd-select.ts';
import { settled } from './antd-motion.ts';
import { DEMO_PASSWORD, signIn, signOut } from './console-session.ts';
import { withE2eDb } from './e2e-data.ts';
import { photograph } from './photograph.ts';
import { expect, test, watchConsole } from './visitor.ts';

/**
 * 下一条 on the queues worked in dialogs over the list and on 公示 (docs/console.md "下一条"): after
 * a step, the bar offers the next item of the same list, and 下一条 opens it — the next 差评 to
 * verify, the next 免申即享 row to adjust, the next 公示 waiting for 结束.
 */
const SCREENS = 'test-results/screens/console-next';
const DAY = 86_400_000;
const shot = (page: Page, name: string) => photograph(page, `${SCREENS}/${name}.png`, { fullPage: true });

/** Two 差评 of this journey, waiting for 核实, on two appeals of different titles. */
function twoOpenFollowUps(): void {
  withE2eDb((db) => {
    const appeals = db.prepare(`select id from appeal where status = 'resolved' group by title order by id limit 2`).all() as { id: number }[];
    expect(appeals).toHaveLength(2);
    const now = Date.now();
    for (const { id } of appeals) {
      db.prepare(
        `insert into appeal_follow_up (appeal_id, department_id, evaluation_level, evaluation_comment, due_at, created_at) values (?, null, 5, '答复没有解决实际问题。', ?, ?)`,
      ).run(id, new Date(now + 5 * DAY).toISOString(), new Date(now).toISOString());
    }
  });
}

/** Two 公示 of this journey, published and past their objection period, with nothing to answer. */
function twoProclamationsPastTheirWindow(): string[] {
  return withE2eDb((db) => {
    const now = Date.now();
    const titles: string[] = [];
    for (const name of ['下一条测试：保税研发设备补贴', '下一条测试：跨境物流降本补贴']) {
      const stamp = new Date(now - 20 * DAY).toISOString();
      const { lastInsertRowid } = db
        .prepare(
          `insert into declare_project (name, category, department, amount_min, amount_max, apply_start, apply_end, conditions, content, created_at, updated_at)
           values (?, 'industry', '经济发展处', null, 500000, ?, ?, '', '', ?, ?)`,
        )
        .run(name, new Date(now - 40 * DAY).toISOString(), new Date(now - 25 * DAY).toISOString(), stamp, stamp);
      const title = `关于${name}拟支持企业名单的公示`;
      db.prepare(
        `insert into proclamation (project_id, title, content, enterprises, status, publish_at, objection_end_at, created_at, updated_at) values (?, ?, '<p>拟支持企业名单。</p>', ?, 'published', ?, ?, ?, ?)`,
      ).run(Number(lastInsertRowid), title, JSON.stringify([{ enterpriseName: '上海下一条测试供应链有限公司', amount: 200_000 }]), stamp, new Date(now - 60_000).toISOString(), stamp, stamp);
      titles.push(title);
    }
    // The list shows the newest first.
    return titles.reverse();
  });
}

const FREE_PROJECT = '下一条测试：研发费用加计扣除配套奖励';

/** A 免申即享 project of this journey with two rows waiting for the enterprises' confirmation. */
function freeProjectWithTwoRows(): string[] {
  return withE2eDb((db) => {
    const now = new Date().toISOString();
    const { category } = db.prepare('select category from free_project limit 1').get() as { category: string };
    const { lastInsertRowid } = db
      .prepare(`insert into free_project (name, category, department, conditions, content, status, publish_at, created_at, updated_at) values (?, ?, '科技创新处', '', '', 'published', ?, ?, ?)`)
      .run(FREE_PROJECT, category, now, now, now);
    const enterprises = db.prepare(`select id, name from enterprise where name like '%有限公司' order by id desc limit 2`).all() as { id: number; name: string }[];
    expect(enterprises).toHaveLength(2);
    for (const e of enterprises) {
      db.prepare(`insert into free_declare_ent (free_project_id, enterprise_id, amount, status, created_at, updated_at) values (?, ?, 20000, 'pending_confirm', ?, ?)`).run(Number(lastInsertRowid), e.id, now, now);
    }
    return enterprises.map((e) => e.name);
  });
}

test('差评整改: after 核实, 下一条 opens the next 差评 waiting for it', async ({ page }) => {
  const problems = watchConsole(page);
  twoOpenFollowUps();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'dispatcher', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.goto('/console/evaluation?tab=open');
  await expect(page.getByRole('heading', { name: '差评整改' })).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.nth(1)).toBeVisible();
  const titles = await rows.locator('.work-order-queue__title').allTextContents();

  await rows.first().getByRole('button', { name: '核实' }).click();
  const first = page.getByRole('dialog', { name: `核实差评：${titles[0]}` });
  await settled(first);
  await first.getByLabel(/核实情况/).fill('经核实，答复未说明办理时限，企业反映属实。');
  await first.getByRole('button', { name: '记录核实情况' }).click();
  await expect(first).toBeHidden();

  // 核实 took it out of 待核实: the one after it opens, with its own dialog.
  const bar = page.locator('.console-queue-next');
  await expect(bar).toContainText('核实情况已记录');
  await shot(page, 'evaluation-bar');
  await bar.getByRole('button', { name: '下一条' }).click();
  const second = page.getByRole('dialog', { name: `核实差评：${titles[1]}` });
  await settled(second);
  await expect(second.getByLabel(/核实情况/)).toHaveValue('');
  await shot(page, 'evaluation-next');
  await second.getByRole('button', { name: '取消' }).click();
  await expect(second).toBeHidden();
  await signOut(page);
  expect(problems).toEqual([]);
});

test('免申即享名单: after 调整金额 on a row, 下一条 opens 调整金额 on the next row that offers it', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  const enterprises = freeProjectWithTwoRows();
  await page.goto('/console/free-declare/rows?status=pending_confirm');
  await choose(page, '项目', FREE_PROJECT);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('heading', { name: `${FREE_PROJECT} · 名单` })).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  const names = await rows.locator('.console-ellipsis').allTextContents();
  expect([...names].sort()).toEqual([...enterprises].sort());

  await rows.first().getByRole('button', { name: '调整金额' }).click();
  const first = page.getByRole('dialog', { name: '调整金额' });
  await settled(first);
  await expect(first.locator('.console-free__who')).toContainText(names[0]);
  await first.getByLabel(/新金额/).fill('1.5');
  await first.getByLabel(/调整原因/).fill('按核定的上年度实缴社保人数重新计算。');
  await first.getByRole('button', { name: '调整金额' }).click();
  await expect(first).toBeHidden();

  const bar = page.locator('.console-queue-next');
  await expect(bar).toContainText('金额已调整');
  await bar.getByRole('button', { name: '下一条' }).click();
  const second = page.getByRole('dialog', { name: '调整金额' });
  await settled(second);
  await expect(second.locator('.console-free__who')).toContainText(names[1]);
  await shot(page, 'free-rows-next');
  await second.getByRole('button', { name: '取消' }).click();
  await expect(second).toBeHidden();
  await signOut(page);
  expect(problems).toEqual([]);
});

test('公示: after 结束公示, 下一条 opens the next 公示 of 期满待结束', async ({ page }) => {
  const problems = watchConsole(page);
  const [newer, older] = twoProclamationsPastTheirWindow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await page.goto('/console/proclamation?windowOver=true');
  await page.getByRole('link', { name: newer }).click();
  await page.waitForURL(/\/console\/proclamation\/\d+\?from=windowOver%3Dtrue&at=0/);
  const opened = page.url();
  await expect(page.getByRole('heading', { name: newer })).toBeVisible();
  await page.getByRole('button', { name: '结束公示' }).click();
  await confirmDialog(page, '确定');

  // 结束 took it out of 期满待结束: the older one moved into its place.
  const bar = page.locator('.console-queue-next');
  await expect(bar).toContainText('公示已结束');
  await shot(page, 'proclamation-bar');
  await bar.getByRole('button', { name: '下一条' }).click();
  await page.waitForURL((url) => url.href !== opened && /\/console\/proclamation\/\d+\?from=windowOver%3Dtrue&at=0/.test(url.href));
  await expect(page.getByRole('heading', { name: older })).toBeVisible();
  await expect(page.getByRole('button', { name: '结束公示' })).toBeVisible();
  await page.getByRole('link', { name: '返回列表' }).click();
  await page.waitForURL(/\/console\/proclamation\?windowOver=true/);
  await expect(page.getByRole('link', { name: older })).toBeVisible();
  await expect(page.getByRole('link', { name: newer })).toHaveCount(0);
  await signOut(page);
  expect(problems).toEqual([]);
});
