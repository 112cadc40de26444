import type { Page } from '@playwright/test';
import routes from '../../app/routes.ts';
import { withE2eDb } from './e2e-data.ts';
import { DEMO_PASSWORD, signIn, signOut } from './console-session.ts';
import { photograph } from './photograph.ts';
import { expect, hydrated, test, siteOrigin } from './visitor.ts';

/**
 * Every console page photographed at 1440 px, as usual and in 关怀模式, by the role that works
 * there, and checked for what a person would notice: the page scrolling sideways, a column
 * narrower than its header, buttons on top of each other. The screenshots are kept to be looked at.
 */
const SCREENS = process.env.SHOTS_DIR ?? 'test-results/screens/console-screens';

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}

/** Every console address of app/routes.ts, as the route table spells it. */
function consoleRoutes(): string[] {
  const out: string[] = [];
  const walk = (entries: RouteEntry[], base: string) => {
    for (const e of entries) {
      const path = e.path === undefined ? base : `${base}/${e.path}`.replace(/\/+/g, '/');
      if (path.startsWith('/console')) out.push(path);
      if (e.children) walk(e.children, path);
    }
  };
  walk(routes as RouteEntry[], '');
  return [...new Set(out)];
}

function ids() {
  return withE2eDb((db) => {
    const one = (q: string) => (db.prepare(q).get() as { id: number } | undefined)?.id;
    return {
      appeal: one("select id from appeal where status = 'processing' order by id limit 1"),
      declare: one("select id from declare_ent where status <> 'draft' order by id limit 1"),
      proclamation: one('select id from proclamation order by id limit 1'),
      correction: one('select id from correction_report order by id limit 1'),
      enterprise: one('select id from enterprise order by id limit 1'),
    };
  });
}

/** Who photographs which page: the role that works there. */
const BY_ROLE: Record<string, string[]> = {
  dispatcher: ['/console', '/console/appeal', '/console/appeal/:id', '/console/evaluation', '/console/password'],
  editor: ['/console/notice', '/console/notice/edit', '/console/policy', '/console/policy/edit', '/console/address-book', '/console/service-item', '/console/freshness', '/console/correction', '/console/correction/:id', '/console/search'],
  reviewer: [
    '/console/declare-project',
    '/console/declare',
    '/console/declare/:id',
    '/console/proclamation',
    '/console/proclamation/:id',
    '/console/free-project',
    '/console/free-declare',
    '/console/free-declare/rows',
    '/console/free-declare/import',
    '/console/free-declare/corrections',
    '/console/enterprises',
    '/console/enterprises/import',
    '/console/enterprises/:id',
  ],
  admin: ['/console/staff', '/console/roles', '/console/departments', '/console/dict', '/console/settings', '/console/*'],
  auditor: ['/console/audit', '/console/staff-changes'],
};
const SIGNED_OUT = ['/console/login'];

/** What a person would notice on the page, as sentences (empty: nothing). */
function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) found.push(`页面横向溢出 ${doc.scrollWidth - window.innerWidth}px`);
    for (const th of document.querySelectorAll<HTMLElement>('.ant-table-thead th')) {
      const text = th.innerText.trim();
      // The selection and expand columns carry no title a person reads.
      if (!text || th.offsetParent === null || th.matches('.ant-table-selection-column, .ant-table-row-expand-icon-cell')) continue;
      const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? th;
      const range = document.createRange();
      range.selectNodeContents(title);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      if (lines > 1 || title.scrollWidth > title.clientWidth + 1) found.push(`列“${text}”比表头窄`);
    }
    const buttons = [...document.querySelectorAll<HTMLElement>('main button, main a.ant-btn')].filter((b) => b.offsetParent !== null).map((b) => ({ b, r: b.getBoundingClientRect() }));
    for (let i = 0; i < buttons.length; i++)
      for (let j = i + 1; j < buttons.length; j++) {
        const [a, c] = [buttons[i].r, buttons[j].r];
        const overlap = Math.min(a.right, c.right) - Math.max(a.left, c.left) > 2 && Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top) > 2;
        if (overlap && !buttons[i].b.contains(buttons[j].b) && !buttons[j].b.contains(buttons[i].b)) found.push(`按钮“${buttons[i].b.innerText}”与“${buttons[j].b.innerText}”重叠`);
      }
    return found;
  });
}

test('every console route of the route table has its photographer', () => {
  const covered = new Set([...Object.values(BY_ROLE).flat(), ...SIGNED_OUT]);
  expect(consoleRoutes().filter((r) => !covered.has(r))).toEqual([]);
});

const nameOf = (path: string) => (path === '/console' ? 'dashboard' : path === '/console/*' ? 'not-found' : path.slice('/console/'.length).replace(/[/:]+/g, '_').replace(/_$/, ''));

async function visit(page: Page, path: string, known: ReturnType<typeof ids>) {
  const url = path
    .replace('/console/appeal/:id', `/console/appeal/${known.appeal}`)
    .replace('/console/declare/:id', `/console/declare/${known.declare}`)
    .replace('/console/proclamation/:id', `/console/proclamation/${known.proclamation}`)
    .replace('/console/correction/:id', `/console/correction/${known.correction}`)
    .replace('/console/enterprises/:id', `/console/enterprises/${known.enterprise}`)
    .replace('/console/*', '/console/no-such-page');
  expect(url, `${path} needs a record in the demo data`).not.toMatch(/undefined/);
  await page.goto(url);
  await hydrated(page);
  await expect(page.locator('#main')).toBeVisible();
}

for (const care of [false, true]) {
  for (const [role, paths] of Object.entries(BY_ROLE)) {
    test(`${role}'s pages at 1440 px${care ? ' in 关怀模式' : ''}`, async ({ page, context }) => {
      if (care) await context.addCookies([{ name: 'care_mode', value: '1', url: siteOrigin() }]);
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, role, DEMO_PASSWORD);
      await page.waitForURL('**/console');
      // The demo data has no 网站纠错 report: a visitor files one, as on the public site.
      if (role === 'editor') await page.request.post('/api/correction/report', { data: { pageUrl: '/notice', pageTitle: '通知公告', description: '第二条通知的附件无法下载，请核实。' } });
      const known = ids();
      const seen: Record<string, string[]> = {};
      for (const path of paths) {
        await visit(page, path, known);
        await photograph(page, `${SCREENS}/${care ? 'care' : 'plain'}/${role}-${nameOf(path)}.png`, { fullPage: true });
        const found = await problems(page);
        if (found.length) seen[path] = found;
      }
      expect(seen).toEqual({});
      await signOut(page);
    });
  }
  test(`the sign-in page at 1440 px${care ? ' in 关怀模式' : ''}`, async ({ page, context }) => {
    if (care) await context.addCookies([{ name: 'care_mode', value: '1', url: siteOrigin() }]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/console/login');
    await hydrated(page);
    await photograph(page, `${SCREENS}/${care ? 'care' : 'plain'}/login.png`, { fullPage: true });
    expect(await problems(page)).toEqual([]);
  });
}
