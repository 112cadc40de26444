import { expect, it } from 'vitest';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const add = (payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/access-log/add',
  payload: payload as object,
  headers: { 'user-agent': 'Mozilla/5.0 测试浏览器', ...headers },
});

describeEachDb('访问记录 API', (t) => {
  const logged = async () => t().db.selectFrom('accessLog').selectAll().orderBy('id').execute();

  it('records a visit to a menu page and its detail pages', async () => {
    const before = await t().app.services.accessLog.visits();
    for (const [name, url] of [
      ['首页', '/'],
      ['通知公告', '/notice/detail?id=3'],
      ['重点政策', 'http://localhost:8080/important-policy?level=national'],
      ['免申即享', '/free-apply/components/apply-form'],
    ]) {
      const { status, body } = await t().call(add({ source: 'pc', name, url }));
      expect(status, url).toBe(200);
      expect(body).toEqual({ code: 0, msg: '操作成功', data: null });
    }
    const after = await t().app.services.accessLog.visits();
    expect(after.visitsToday - before.visitsToday).toBe(4);
    expect(after.visitsTotal - before.visitsTotal).toBe(4);
    const rows = await logged();
    expect(rows.map((r) => r.menu)).toEqual(['/', '/notice', '/important-policy', '/free-apply']);
    expect(rows[1]).toMatchObject({ source: 'pc', name: '通知公告', url: '/notice/detail?id=3', userId: null, userAgent: 'Mozilla/5.0 测试浏览器' });
    expect(rows[1].ip).toBeTruthy();
    expect(Date.now() - new Date(rows[1].createdAt).getTime()).toBeLessThan(60_000);
  });

  it('refuses addresses outside the menu, without recording them', async () => {
    const count = (await logged()).length;
    for (const url of ['/user', '/user/appeal', '/auth/login?redirect_uri=%2Fnotice', '/noticeboard', '/api/notice/pages', 'javascript:alert(1)', 'ftp://x/notice']) {
      const { status, body } = await t().call(add({ source: 'pc', name: '页面', url }));
      expect(status, url).toBe(400);
      expect(body.code).toBe(400);
      expect(body.msg).toMatch(/菜单|格式/);
    }
    expect((await logged()).length).toBe(count);
  });

  it('checks the payload: source pc, bounded name and url', async () => {
    const cases: [unknown, string, string][] = [
      [{ source: 'app', name: '首页', url: '/' }, 'source', '来源 source 只能为 pc'],
      [{ source: 'pc', url: '/' }, 'name', '请提供页面名称 name'],
      [{ source: 'pc', name: '首页' }, 'url', '请提供页面地址 url'],
      [{ source: 'pc', name: '页'.repeat(51), url: '/' }, 'name', '页面名称不能超过 50 个字'],
      [{ source: 'pc', name: '首页', url: `/notice?q=${'x'.repeat(2000)}` }, 'url', '页面地址不能超过 2000 个字符'],
    ];
    for (const [payload, field, message] of cases) {
      const { status, body } = await t().call(add(payload));
      expect(status, field).toBe(400);
      expect(body.data.fields[field]).toBe(message);
    }
  });

  it('keeps a long search address and a very long user agent within bounds', async () => {
    const url = `/important-policy?keyword=${encodeURIComponent('综合保税区'.repeat(10))}&level=national&category=trade&currentPage=12`;
    expect(url.length).toBeGreaterThan(500);
    const { status } = await t().call(add({ source: 'pc', name: '重点政策', url }, { 'user-agent': 'U'.repeat(2000) }));
    expect(status).toBe(200);
    const last = (await logged()).at(-1)!;
    expect(last).toMatchObject({ menu: '/important-policy', url: url.slice(0, 500) });
    expect(last.userAgent).toHaveLength(300);
  });

  it('counts days in Asia/Shanghai', async () => {
    const { accessLog } = t().app.services;
    const meta = { userId: 7, ip: '10.0.0.1', userAgent: null };
    // 2020-03-01 23:30 and 2020-03-02 00:30 in Shanghai
    await accessLog.add({ source: 'pc', name: '首页', url: '/' }, { ...meta, at: new Date('2020-03-01T15:30:00Z') });
    await accessLog.add({ source: 'pc', name: '首页', url: '/' }, { ...meta, at: new Date('2020-03-01T16:30:00Z') });
    await accessLog.add({ source: 'pc', name: '首页', url: '/' }, { ...meta, at: new Date('2020-03-01T17:30:00Z') });
    const rows = await logged();
    expect(rows.at(-1)).toMatchObject({ userId: 7, ip: '10.0.0.1', userAgent: null });
    const total = rows.length;
    expect(await accessLog.visits(new Date('2020-03-01T12:00:00Z'))).toEqual({ visitsToday: 1, visitsTotal: total });
    expect(await accessLog.visits(new Date('2020-03-02T12:00:00Z'))).toEqual({ visitsToday: 2, visitsTotal: total });
    expect(await accessLog.visits(new Date('2020-03-03T12:00:00Z'))).toEqual({ visitsToday: 0, visitsTotal: total });
  });
});
