import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_FRESHNESS, type FreshnessRow } from '#contract/freshness.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const DAY = 86_400_000;
const daysAgo = (n: number, from = Date.now()) => new Date(from - n * DAY).toISOString();
type Headers = Record<string, string>;
const post = (t: TestApp, url: string, who: StaffSession, payload: object) => t.call({ method: 'POST', url: `/console/api/${url}`, headers: who.headers as Headers, payload });

/** A notice published `days` ago, as an old row of the list is. */
async function oldNotice(t: TestApp, title: string, days: number) {
  await t.db.insertInto('notice').values({ title, content: '<p>旧通知</p>', publishAt: daysAgo(days), status: 'published' }).execute();
}

describeEachDb('栏目更新监测', (t) => {
  let editor: StaffSession;
  let publisher: StaffSession;
  let admin: StaffSession;
  const table = async (who: StaffSession = editor): Promise<FreshnessRow[]> => {
    const res = await t().call({ method: 'GET', url: '/console/api/content/freshness', headers: who.headers as Headers });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };
  const row = async (column: string) => (await table()).find((r) => r.column === column)!;

  beforeAll(async () => {
    editor = await staffLogin(t(), 'editor');
    publisher = await staffLogin(t(), 'publisher');
    admin = await staffLogin(t(), 'sysadmin');
  });

  it('lists every public column, counts an empty one as stale, and shows it to the content staff only', async () => {
    const rows = await table();
    const categories = (await t().call({ method: 'GET', url: '/api/dict/parent?code=policy_category' })).body.data as { id: string; text: string }[];
    expect(categories.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.column).sort()).toEqual(
      ['homeNews', 'notice', 'policy', ...categories.map((c) => `policy.${c.id}`), 'declareProject', 'freeProject', 'proclamation'].sort(),
    );
    expect(rows.find((r) => r.column === 'homeNews')).toMatchObject({ title: '首页 · 通知公告', lastPublishedAt: null, days: null, thresholdDays: 14, state: 'stale' });
    expect(rows.find((r) => r.column === 'proclamation')).toMatchObject({ title: '公示公告', thresholdDays: 180, state: 'stale' });
    expect(rows.find((r) => r.column === `policy.${categories[0].id}`)?.title).toBe(`重点政策 · ${categories[0].text}`);
    expect(rows.every((r) => r.state === 'stale')).toBe(true);

    expect((await table(publisher)).length).toBe(rows.length);
    for (const role of ['sysadmin', 'reviewer', 'dispatcher', 'auditor'] as const) {
      const who = await staffLogin(t(), role);
      expect((await t().call({ method: 'GET', url: '/console/api/content/freshness', headers: who.headers as Headers })).status, role).toBe(403);
    }
  });

  it('a column past its threshold is stale, near it due, and publishing makes it ok', async () => {
    await oldNotice(t(), '二百天前的通知', 200);
    expect(await row('notice')).toMatchObject({ days: 200, thresholdDays: 180, state: 'stale' });
    await oldNotice(t(), '一百五十天前的通知', 150);
    // 150 days of 180: within the last 20 % (from day 144).
    expect(await row('notice')).toMatchObject({ days: 150, state: 'due' });
    expect(await row('homeNews')).toMatchObject({ days: 150, thresholdDays: 14, state: 'stale' });

    const saved = await post(t(), 'notice/save', editor, { title: '关于开展企业服务月活动的通知', content: '<p>服务月活动安排。</p>', summary: '服务月', isTop: false });
    expect(saved.status, saved.body.msg).toBe(200);
    expect((await post(t(), 'notice/submit', editor, { id: saved.body.data.id })).status).toBe(200);
    // Submitted is not published: still due.
    expect((await row('notice')).state).toBe('due');
    expect((await post(t(), 'notice/publish', publisher, { id: saved.body.data.id })).status).toBe(200);

    const rows = await table();
    expect(rows.find((r) => r.column === 'notice')).toMatchObject({ days: 0, state: 'ok' });
    expect(rows.find((r) => r.column === 'homeNews')).toMatchObject({ days: 0, state: 'ok' });
    // The columns that need work come first.
    const states = rows.map((r) => r.state);
    expect(states.indexOf('ok')).toBeGreaterThan(states.lastIndexOf('stale'));
  });

  it('lets the system administrator tighten the thresholds, never past the 普查 limits', async () => {
    const get = () => t().call({ method: 'GET', url: '/console/api/setting/freshness', headers: admin.headers as Headers });
    expect((await get()).body.data).toEqual(DEFAULT_FRESHNESS);
    expect((await t().call({ method: 'GET', url: '/console/api/setting/freshness', headers: editor.headers as Headers })).status).toBe(403);

    const bad = await post(t(), 'setting/freshness/save', admin, { homeNewsDays: 15, columnDays: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ homeNewsDays: '首页新闻更新期限须为 1 至 14 天（普查要求不超过 14 天）', columnDays: '其他栏目更新期限须为 1 至 180 天' });

    await t()
      .db.insertInto('freeProject')
      .values({ name: '八十天前的免申即享项目', category: 'tech', department: '企业服务科', policyId: null, amountMin: null, amountMax: null, conditions: '<p>区内企业</p>', content: '<p>补贴</p>', status: 'published', publishAt: daysAgo(80) })
      .execute();
    expect(await row('freeProject')).toMatchObject({ days: 80, state: 'ok' });
    const saved = await post(t(), 'setting/freshness/save', admin, { homeNewsDays: 7, columnDays: 90 });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(await row('freeProject')).toMatchObject({ days: 80, thresholdDays: 90, state: 'due' });
    expect((await row('homeNews')).thresholdDays).toBe(7);
    expect((await post(t(), 'setting/freshness/save', admin, DEFAULT_FRESHNESS)).status).toBe(200);
  });

  it('the daily job tells the content staff once per column per change of state, by SMS too for who asked', async () => {
    const { freshness, staffMessage } = t().app.services;
    await t().db.deleteFrom('freshnessAlert').execute();
    await t().db.deleteFrom('staffMessage').execute();
    const texted = await post(t(), 'staff-message/sms', editor, { sms: true });
    expect(texted.status, texted.body.msg).toBe(200);
    expect(texted.body.data.sms).toBe(true);
    const reviewer = await staffLogin(t(), 'reviewer');
    const inbox = async (who: StaffSession) => (await t().call({ method: 'GET', url: '/console/api/staff-message', headers: who.headers as Headers })).body.data;

    const now = Date.now();
    const first = await freshness.alertChanges(new Date(now));
    // The notice published today is ok; everything else needs telling once.
    expect(first).not.toContain('notice');
    expect(first).not.toContain('homeNews');
    expect(first).toContain('proclamation');
    expect(first).toContain('declareProject');
    expect(first).not.toContain('freeProject');
    let mine = await inbox(editor);
    expect(mine.unread).toBe(first.length);
    expect(mine.records.map((m: { title: string }) => m.title)).toContain('栏目“公示公告”已超期未更新');
    expect((await inbox(publisher)).unread).toBe(first.length);
    expect((await inbox(reviewer)).unread).toBe(0);

    // The same states the next day: nothing new.
    expect(await freshness.alertChanges(new Date(now + DAY))).toEqual([]);
    expect((await inbox(editor)).unread).toBe(first.length);

    // The home page's news: due from day 12 of 14 (once), stale from day 14 (once).
    expect(await freshness.alertChanges(new Date(now + 12 * DAY))).toEqual(['homeNews']);
    expect(await freshness.alertChanges(new Date(now + 13 * DAY))).toEqual([]);
    expect(await freshness.alertChanges(new Date(now + 14 * DAY))).toEqual(['homeNews']);
    mine = await inbox(editor);
    expect(mine.unread).toBe(first.length + 2);
    expect(mine.records[0]).toMatchObject({ title: '栏目“首页 · 通知公告”已超期未更新', link: '/console/freshness' });
    expect(mine.records[0].content).toContain('已 14 天未发布新内容');
    expect(mine.records[1].title).toBe('栏目“首页 · 通知公告”即将超期未更新');

    // Only the editor asked for SMS: one per alert, to the editor's mobile.
    await staffMessage.settled();
    const sms = await t().db.selectFrom('smsDelivery').selectAll().where('phone', '=', editor.staff.phone).orderBy('id').execute();
    expect(sms).toHaveLength(first.length + 2);
    expect(sms.at(-1)).toMatchObject({ template: 'freshness_stale', status: 'sent' });
    expect(sms.at(-1)!.content).toContain('栏目“首页 · 通知公告”已 14 天未发布新内容');
    expect(await t().db.selectFrom('smsDelivery').selectAll().where('phone', '=', publisher.staff.phone).execute()).toEqual([]);

    // Back to ok (a publication) says nothing; going due again is a new change, told again.
    await oldNotice(t(), '第十四天发布的通知', -14);
    expect(await freshness.alertChanges(new Date(now + 14 * DAY + 1000))).toEqual([]);
    // Published a moment after `now + 14 days`: 12 whole days on `now + 27 days`.
    expect(await freshness.alertChanges(new Date(now + 27 * DAY))).toEqual(['homeNews']);

    const read = await post(t(), 'staff-message/read', editor, { ids: [mine.records[0].id] });
    expect(read.body.data.unread).toBe(first.length + 2);
  });
});
