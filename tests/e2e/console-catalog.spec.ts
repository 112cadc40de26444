import { choose } from './antd-select.ts';
import { expectAccessible } from './a11y-check.ts';
import { DEMO_PASSWORD, signIn, signOut } from './console-session.ts';
import { expect, REFUSED_CALL, test, watchConsole } from './visitor.ts';
import { photograph } from './photograph.ts';
import { confirmDialog } from './antd-dialog.ts';

/**
 * The catalogues staff keep in the console (申报项目, 免申即享项目, 服务事项, 数据字典): a reviewer
 * creates a declaration project, publishes it, and the cached public list shows it at once; each
 * page and its edit drawer passes axe and is photographed (SHOTS, looked at by hand).
 */
const SHOTS = process.env.CATALOG_SHOTS ?? 'test-results/screens/console-catalog';

/** YYYY-MM-DD in Beijing, `offset` days from today. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

test('a reviewer creates a declaration project, publishes it, and the public list shows it at once', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  const name = `跨境电商发展专项资金 ${Date.now() % 100000}`;
  // Warm the cache first, so that the later visit proves the cached page was purged.
  await page.goto('/free-apply?tab=declare');
  await expect(page.getByText(name)).toHaveCount(0);

  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await page.getByRole('menuitem', { name: '申报项目' }).click();
  await page.waitForURL('**/console/declare-project');
  await expect(page.getByRole('heading', { name: '申报项目', level: 1 })).toBeVisible();
  await photograph(page, `${SHOTS}/declare-project.png`, { fullPage: true });

  await page.getByRole('button', { name: '新建项目' }).click();
  const drawer = page.getByRole('dialog', { name: '新建申报项目' });
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer.getByText('请填写项目名称')).toBeVisible();
  await expect(drawer.getByText('请选择申报开始和截止日期')).toBeVisible();
  await page.mouse.move(0, 0); // the pointer off 保存: axe reads its resting colours, not its hover
  await expectAccessible(page, '/console/declare-project（新建）');

  await drawer.getByLabel('项目名称').fill(name);
  await choose(page, '项目类别', '科技创新');
  await drawer.getByLabel('主管部门').fill('商务发展局');
  await drawer.getByLabel('最高金额（万元）').fill('30');
  await drawer.locator('#declare-project-start').click();
  await drawer.locator('#declare-project-start').fill(day(-1));
  await page.keyboard.press('Enter');
  await drawer.locator('#declare-project-end').fill(day(30));
  await page.keyboard.press('Enter');
  await drawer.getByLabel('申报条件').fill('在区内注册、上年度跨境电商交易额 500 万元以上的企业');
  await drawer.getByRole('textbox', { name: '项目说明' }).click();
  await page.keyboard.type('支持企业建设海外仓、拓展跨境电商业务。');
  await drawer.getByRole('button', { name: '添加材料' }).click();
  await drawer.getByRole('textbox', { name: '材料 2' }).fill('跨境电商交易额证明');
  await photograph(page, `${SHOTS}/declare-project-edit-materials.png`);
  await drawer.getByLabel('项目名称').scrollIntoViewIfNeeded();
  await photograph(page, `${SHOTS}/declare-project-edit.png`);
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存，项目尚未公开；检查无误后点“发布”')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('未发布')).toBeVisible();
  await page.goto('/free-apply?tab=declare');
  await expect(page.getByText(name)).toHaveCount(0);

  await page.goto('/console/declare-project');
  await row.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText(`已发布“${name}”`)).toBeVisible();
  await expect(row.getByText('已发布')).toBeVisible();

  await page.goto('/free-apply?tab=declare');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page.getByText('跨境电商交易额证明')).toBeVisible();
  await photograph(page, `${SHOTS}/declare-project-public.png`, { fullPage: true });

  await page.goto('/console');
  await signOut(page);
  expect(problems).toEqual([]);
});

test('a reviewer saves a project enterprises have already declared for, its materials untouched', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  const name = '2026年度综合保税区企业研发投入补助'; // the demo's project with declarations
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/console$/);
  await page.goto(`/console/declare-project?keyword=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `编辑 ${name}` }).click();
  const drawer = page.getByRole('dialog', { name: '编辑申报项目' });
  await expect(drawer.getByRole('textbox', { name: '材料 1' })).not.toHaveValue('');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('申报项目已保存，门户已更新')).toBeVisible();
  await signOut(page);
  expect(problems).toEqual([]);
});

/** Each new page with its edit drawer open: axe, and a picture to look at. */
const PAGES: [login: string, path: string, heading: string, open: string, drawer: string][] = [
  ['reviewer', '/console/free-project', '免申即享项目', '新建项目', '新建免申即享项目'],
  ['editor', '/console/service-item', '服务事项', '新增服务事项', '新增服务事项'],
  ['admin', '/console/dict', '数据字典', '新增选项', '新增「'],
];
for (const [login, path, heading, open, drawerTitle] of PAGES) {
  test(`${path} and its edit drawer`, async ({ page }) => {
    const problems = watchConsole(page, { allow: REFUSED_CALL });
    await signIn(page, login, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/console$/);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    const shot = path.split('/').pop();
    await photograph(page, `${SHOTS}/${shot}.png`, { fullPage: true });
    await page.getByRole('button', { name: open, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(drawerTitle) });
    await drawer.getByRole('button', { name: '保存' }).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await page.mouse.move(0, 0); // the pointer off 保存: axe reads its resting colours, not its hover
    await expectAccessible(page, `${path}（编辑）`);
    await photograph(page, `${SHOTS}/${shot}-edit.png`);
    await drawer.getByRole('button', { name: '取消' }).click();
    expect(problems).toEqual([]);
  });
}

test('the free-project lifecycle from the console: publish a draft, then close it', async ({ page }) => {
  const problems = watchConsole(page, { allow: REFUSED_CALL });
  const name = `外贸稳增长免申奖励 ${Date.now() % 100000}`;
  await signIn(page, 'reviewer', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/console$/);
  await page.goto('/console/free-project');
  await page.getByRole('button', { name: '新建项目' }).click();
  const drawer = page.getByRole('dialog', { name: '新建免申即享项目' });
  await drawer.getByLabel('项目名称').fill(name);
  await choose(page, '项目类别', '外贸发展');
  await drawer.getByLabel('主管部门').fill('商务发展局');
  await drawer.getByLabel('申报条件').fill('上年度进出口额 500 万美元以上');
  await drawer.getByRole('textbox', { name: '项目说明' }).click();
  await page.keyboard.type('符合条件的企业无需申请，核对信息后资金直接拨付。');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存为草稿，检查无误后点“发布”')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('草稿')).toBeVisible();
  await row.getByRole('button', { name: `发布 ${name}` }).click();
  await confirmDialog(page, '确定');
  await expect(row.getByText('已发布')).toBeVisible();
  await page.goto('/free-apply');
  await expect(page.getByText(name)).toBeVisible();

  await page.goto('/console/free-declare');
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name: '导入名单' })).toBeVisible();
  await photograph(page, `${SHOTS}/free-declare-with-status.png`, { fullPage: true });

  await page.goto('/console/free-project');
  await row.getByRole('button', { name: `结束 ${name}` }).click();
  await confirmDialog(page, '确定');
  await expect(row.getByText('已结束')).toBeVisible();
  await page.goto('/free-apply');
  await expect(page.getByText(name)).toHaveCount(0);
  await page.goto('/console');
  await signOut(page);
  expect(problems).toEqual([]);
});
