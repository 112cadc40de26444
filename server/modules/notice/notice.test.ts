import { expect, it } from 'vitest';
import { seedNotices } from '#server/db/seed/notice.ts';
import { Random } from '#server/db/seed/random.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const now = new Date('2026-11-01T02:00:00Z');

describeEachDb(
  '通知公告 API',
  (t) => {
    it('lists published notices, pinned first then newest, with the paging keys', async () => {
      const { status, body } = await t().call({ method: 'POST', url: '/api/notice/pages', payload: { currentPage: 1, pageSize: 5 } });
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ total: 30, currentPage: 1, pageSize: 5 });
      const recs = body.data.records;
      expect(recs).toHaveLength(5);
      expect(recs.slice(0, 2).every((r: any) => r.isTop)).toBe(true);
      const rest = recs.slice(2).map((r: any) => r.publishAt);
      expect([...rest].sort().reverse()).toEqual(rest);
    });

    it('answers the GET variant the same as the POST one, and pages stably', async () => {
      const a = await t().call({ method: 'GET', url: '/uaa/api/ua/notice/page?currentPage=2&pageSize=10' });
      const b = await t().call({ method: 'POST', url: '/api/notice/pages', payload: { currentPage: 2, pageSize: 10 } });
      expect(a.body.data).toEqual(b.body.data);
      const all = await t().call({ method: 'POST', url: '/api/notice/pages', payload: { pageSize: 100 } });
      const ids = all.body.data.records.map((r: any) => r.id);
      expect(new Set(ids).size).toBe(30);
      expect(ids.slice(10, 20)).toEqual(a.body.data.records.map((r: any) => r.id));
    });

    it('caps a huge pageSize at 100', async () => {
      const { body } = await t().call({ method: 'GET', url: '/uaa/api/ua/notice/page?pageSize=100000' });
      expect(body.data.pageSize).toBe(100);
    });

    it('refuses a non-numeric page with a Chinese field message', async () => {
      const { status, body } = await t().call({ method: 'GET', url: '/uaa/api/ua/notice/page?currentPage=abc' });
      expect(status).toBe(400);
      expect(body.data.fields.currentPage).toBe('页码须为数字');
    });

    it('searches titles by keyword, taking SQL wildcards and quotes literally', async () => {
      const hit = await t().call({ method: 'POST', url: '/api/notice/pages', payload: { keyword: ' 招聘会 ' } });
      expect(hit.body.data.total).toBeGreaterThan(0);
      expect(hit.body.data.records.every((r: any) => r.title.includes('招聘会'))).toBe(true);
      for (const keyword of ["' or 1=1 --", '%', '_', '😀🎉', 'a\\b']) {
        const { status, body } = await t().call({ method: 'POST', url: '/api/notice/pages', payload: { keyword } });
        expect(status).toBe(200);
        expect(body.data.total).toBe(0);
      }
    });

    it('shows a notice with sanitised content and counts the view', async () => {
      const list = await t().call({ method: 'POST', url: '/api/notice/pages', payload: { pageSize: 1 } });
      const id = list.body.data.records[0].id;
      const first = await t().call({ method: 'GET', url: `/api/notice/detail?id=${id}` });
      const second = await t().call({ method: 'GET', url: `/uaa/api/ua/notice/detail?id=${id}` });
      expect(first.body.data.title).toBe(list.body.data.records[0].title);
      expect(second.body.data.viewCount).toBe(first.body.data.viewCount + 1);
      // The seed's h3 sections, placed right under the page's h1.
      expect(first.body.data.content).toContain('<h2>');
      expect(first.body.data.content).not.toMatch(/<h[13-6]/);
      expect(Array.isArray(first.body.data.attachments)).toBe(true);
    });

    it('writes the counted views to the table', async () => {
      const [{ id }] = await t().db.insertInto('notice').values({ title: '计数', content: 'x', publishAt: now.toISOString() }).returning('id').execute();
      await t().call({ method: 'GET', url: `/api/notice/detail?id=${id}` });
      await t().call({ method: 'GET', url: `/api/notice/detail?id=${id}` });
      await t().app.services.notice.flushViews();
      const row = await t().db.selectFrom('notice').select('viewCount').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.viewCount).toBe(2);
    });

    it('strips scripts and event handlers from stored content', async () => {
      const [{ id }] = await t()
        .db.insertInto('notice')
        .values({ title: '带脚本的通知', content: '<p onclick="x()">正文</p><script>alert(1)</script>', publishAt: now.toISOString() })
        .returning('id')
        .execute();
      const { body } = await t().call({ method: 'GET', url: `/api/notice/detail?id=${id}` });
      expect(body.data.content).toBe('<p>正文</p>');
    });

    it('answers 404 in the envelope for unknown, malformed and unpublished ids', async () => {
      const [{ id: draft }] = await t()
        .db.insertInto('notice')
        .values({ title: '草稿', content: 'x', publishAt: now.toISOString(), status: 'draft' })
        .returning('id')
        .execute();
      for (const id of ['999999', 'abc', '-1', '1.5', '1e3', `${draft}`, '99999999999999999999']) {
        const { status, body } = await t().call({ method: 'GET', url: `/api/notice/detail?id=${encodeURIComponent(id)}` });
        expect(status, id).toBe(404);
        expect(body).toMatchObject({ code: 404, data: null });
        expect(body.msg).toMatch(/不存在/);
      }
    });
  },
  async (t) => seedNotices(t.db, new Random(1), now, 30),
);
