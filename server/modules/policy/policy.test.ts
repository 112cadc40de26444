import { expect, it } from 'vitest';
import { POLICY_VALIDITY } from '#contract/policy.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import { seedPolicies } from '#server/db/seed/policy.ts';
import { Random } from '#server/db/seed/random.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const list = (query = '') => `/api/po/policy/list${query ? `?${query}` : ''}`;

describeEachDb(
  '重点政策 API',
  (t) => {
    it('lists published policies newest first, with labels and the paging keys', async () => {
      const { status, body } = await t().call({ method: 'GET', url: list('currentPage=1&pageSize=5') });
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 0, msg: '操作成功' });
      expect(body.data).toMatchObject({ total: 36, currentPage: 1, pageSize: 5 });
      const recs = body.data.records;
      expect(recs).toHaveLength(5);
      const stamps = recs.map((r: any) => r.publishAt);
      expect([...stamps].sort().reverse()).toEqual(stamps);
      expect(Object.keys(recs[0]).sort()).toEqual(
        ['category', 'categoryText', 'docNo', 'effectiveFrom', 'effectiveTo', 'id', 'issuer', 'level', 'levelText', 'publishAt', 'title', 'validity', 'validityText', 'viewCount'].sort(),
      );
      expect(recs[0].levelText).toMatch(/^(国家级|省级|市级|区级)$/);
    });

    it('pages stably and caps a huge pageSize at 100', async () => {
      const all = await t().call({ method: 'GET', url: list('pageSize=100000') });
      expect(all.body.data.pageSize).toBe(100);
      const ids = all.body.data.records.map((r: any) => r.id);
      expect(new Set(ids).size).toBe(36);
      const page2 = await t().call({ method: 'GET', url: list('currentPage=2&pageSize=10') });
      expect(page2.body.data.records.map((r: any) => r.id)).toEqual(ids.slice(10, 20));
      const beyond = await t().call({ method: 'GET', url: list('currentPage=99') });
      expect(beyond.body.data).toMatchObject({ records: [], total: 36, currentPage: 99 });
    });

    it('refuses a non-numeric page with a Chinese field message', async () => {
      const { status, body } = await t().call({ method: 'GET', url: list('currentPage=abc') });
      expect(status).toBe(400);
      expect(body.data.fields.currentPage).toBe('页码须为数字');
    });

    it('filters by level and by category, alone and together', async () => {
      const levels = { national: '国家级', provincial: '省级', municipal: '市级', district: '区级' } as const;
      let sum = 0;
      for (const [level, text] of Object.entries(levels)) {
        const { body } = await t().call({ method: 'GET', url: list(`level=${level}&pageSize=100`) });
        expect(body.data.total, level).toBeGreaterThan(0);
        expect(body.data.records.every((r: any) => r.level === level && r.levelText === text)).toBe(true);
        sum += body.data.total;
      }
      expect(sum).toBe(36);
      const trade = await t().call({ method: 'GET', url: list('category=trade&pageSize=100') });
      expect(trade.body.data.total).toBeGreaterThan(0);
      expect(trade.body.data.records.every((r: any) => r.category === 'trade' && r.categoryText === '外贸通关')).toBe(true);
      const both = await t().call({ method: 'GET', url: list('level=national&category=trade&pageSize=100') });
      expect(both.body.data.total).toBeGreaterThan(0);
      expect(both.body.data.total).toBeLessThan(trade.body.data.total);
      expect(both.body.data.records.every((r: any) => r.level === 'national' && r.category === 'trade')).toBe(true);
      const none = await t().call({ method: 'GET', url: list('level=galactic') });
      expect(none.body.data).toMatchObject({ total: 0, records: [] });
      const blank = await t().call({ method: 'GET', url: list('level=&category=') });
      expect(blank.body.data.total).toBe(36);
    });

    it('searches titles and 文号 by keyword, taking SQL wildcards and quotes literally', async () => {
      const hit = await t().call({ method: 'GET', url: list(`keyword=${encodeURIComponent(' 综合保税区 ')}&pageSize=100`) });
      expect(hit.body.data.total).toBeGreaterThan(0);
      expect(hit.body.data.records.every((r: any) => r.title.includes('综合保税区') || r.docNo?.includes('综合保税区'))).toBe(true);
      const byDocNo = await t().call({ method: 'GET', url: list(`keyword=${encodeURIComponent('沪府规')}`) });
      expect(byDocNo.body.data.total).toBeGreaterThan(0);
      expect(byDocNo.body.data.records.every((r: any) => r.docNo.startsWith('沪府规〔'))).toBe(true);
      for (const keyword of ["' or 1=1 --", '%', '_', '😀🎉', 'a\\b', '"; drop table policy; --']) {
        const { status, body } = await t().call({ method: 'GET', url: list(`keyword=${encodeURIComponent(keyword)}`) });
        expect(status, keyword).toBe(200);
        expect(body.data.total, keyword).toBe(0);
      }
      const tooLong = await t().call({ method: 'GET', url: list(`keyword=${'政'.repeat(51)}`) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.data.fields.keyword).toBe('关键词不能超过 50 个字');
    });

    it('labels validity from the effective dates: 现行有效, 已失效, 尚未生效', async () => {
      const { body } = await t().call({ method: 'GET', url: list('pageSize=100') });
      const now = new Date().toISOString();
      const seen = new Set<string>();
      for (const r of body.data.records) {
        seen.add(r.validity);
        expect(r.validityText).toBe(POLICY_VALIDITY[r.validity as keyof typeof POLICY_VALIDITY]);
        if (r.validity === 'pending') expect(r.effectiveFrom > now).toBe(true);
        if (r.validity === 'expired') expect(r.effectiveTo < now).toBe(true);
        if (r.validity === 'effective') {
          expect(!r.effectiveFrom || r.effectiveFrom <= now).toBe(true);
          expect(!r.effectiveTo || r.effectiveTo >= now).toBe(true);
        }
      }
      expect([...seen].sort()).toEqual(['effective', 'expired', 'pending']);
    });

    it('shows a policy with sanitised content, its interpretation, attachments, and counts the view', async () => {
      const page = await t().call({ method: 'GET', url: list('pageSize=100') });
      const ids: number[] = page.body.data.records.map((r: any) => r.id);
      const details = await Promise.all(ids.map((id) => t().call({ method: 'GET', url: `/api/po/policy?id=${id}` })));
      const withNotes = details.filter((d) => d.body.data.interpretation !== null);
      expect(withNotes.length).toBeGreaterThan(0);
      expect(withNotes.length).toBeLessThan(ids.length);
      expect(withNotes[0].body.data.interpretation).toContain('<h3>');
      expect(details.some((d) => d.body.data.attachments.length > 0)).toBe(true);
      const first = details[0].body.data;
      expect(first.id).toBe(ids[0]);
      // The seed's h3 sections, placed right under the page's h1 (the interpretation sits under an h2).
      expect(first.content).toContain('<h2>一、适用范围</h2>');
      expect(first.content).not.toContain('style=');
      expect(first.viewCount).toBe(page.body.data.records[0].viewCount + 1);
      const again = await t().call({ method: 'GET', url: `/api/po/policy?id=${ids[0]}` });
      expect(again.body.data.viewCount).toBe(first.viewCount + 1);
    });

    it('adds the counted views to the table in one batch', async () => {
      const { policy } = t().app.services;
      await policy.flushViews();
      const page = await t().call({ method: 'GET', url: list('pageSize=2') });
      const [a, b] = page.body.data.records.map((r: any) => r.id);
      const stored = async (id: number) => (await t().db.selectFrom('policy').select('viewCount').where('id', '=', id).executeTakeFirstOrThrow()).viewCount;
      const [a0, b0] = [await stored(a), await stored(b)];
      for (const id of [a, a, b, a]) await t().call({ method: 'GET', url: `/api/po/policy?id=${id}` });
      expect(await stored(a)).toBe(a0);
      await policy.flushViews();
      expect([await stored(a), await stored(b)]).toEqual([a0 + 3, b0 + 1]);
      await policy.flushViews();
      expect(await stored(a)).toBe(a0 + 3);
    });

    it('strips scripts and event handlers from stored content and interpretation', async () => {
      const [{ id }] = await t()
        .db.insertInto('policy')
        .values({
          title: '带脚本的政策',
          issuer: '测试机关',
          level: 'district',
          category: 'business',
          publishAt: new Date(Date.now() - 60_000).toISOString(),
          effectiveFrom: null,
          effectiveTo: null,
          content: '<p onclick="x()">正文</p><script>alert(1)</script>',
          interpretation: '<img src="javascript:alert(1)"><p>解读</p>',
        })
        .returning('id')
        .execute();
      const { body } = await t().call({ method: 'GET', url: `/api/po/policy?id=${id}` });
      expect(body.data).toMatchObject({ content: '<p>正文</p>', interpretation: '<img /><p>解读</p>', validity: 'effective', validityText: '现行有效', docNo: null });
      await t().db.deleteFrom('policy').where('id', '=', id).execute();
    });

    it('answers 404 in the envelope for unknown, malformed, draft and scheduled ids', async () => {
      const base = { issuer: '测试机关', level: 'district', category: 'business', content: 'x', effectiveFrom: null, effectiveTo: null, interpretation: null };
      const [{ id: draft }] = await t()
        .db.insertInto('policy')
        .values({ ...base, title: '草稿', publishAt: new Date().toISOString(), status: 'draft' })
        .returning('id')
        .execute();
      const [{ id: later }] = await t()
        .db.insertInto('policy')
        .values({ ...base, title: '定时发布', publishAt: new Date(Date.now() + 86_400_000).toISOString() })
        .returning('id')
        .execute();
      for (const id of ['999999', 'abc', '-1', '1.5', '1e3', `${draft}`, `${later}`, '99999999999999999999', "1' or '1'='1"]) {
        const { status, body } = await t().call({ method: 'GET', url: `/api/po/policy?id=${encodeURIComponent(id)}` });
        expect(status, id).toBe(404);
        expect(body).toMatchObject({ code: 404, data: null });
        expect(body.msg).toMatch(/不存在/);
      }
      // An empty parameter is dropped on the way in (docs/api.md "Values"): the id is missing.
      for (const url of ['/api/po/policy', '/api/po/policy?id=', '/api/po/policy?id=%20']) {
        const missing = await t().call({ method: 'GET', url });
        expect(missing.status, url).toBe(400);
        expect(missing.body.data.fields).toEqual({ id: '此项为必填项' });
      }
      const { body } = await t().call({ method: 'GET', url: list() });
      expect(body.data.total).toBe(36);
      await t().db.deleteFrom('policy').where('id', 'in', [draft, later]).execute();
    });

    it('counts published policies for the home figures', async () => {
      expect(await t().app.services.policy.count()).toBe(36);
    });

    it('keeps list answers until the content version changes', async () => {
      const before = await t().call({ method: 'GET', url: list('level=district&pageSize=100') });
      const [{ id }] = await t()
        .db.insertInto('policy')
        .values({ title: '新发布的区级政策', issuer: '综合保税区管理委员会', level: 'district', category: 'business', publishAt: new Date(Date.now() - 1000).toISOString(), effectiveFrom: null, effectiveTo: null, content: '<p>正文</p>', interpretation: null })
        .returning('id')
        .execute();
      const cached = await t().call({ method: 'GET', url: list('level=district&pageSize=100') });
      expect(cached.body.data.total).toBe(before.body.data.total);
      await bumpContentVersion(t().kv);
      const fresh = await t().call({ method: 'GET', url: list('level=district&pageSize=100') });
      expect(fresh.body.data.total).toBe(before.body.data.total + 1);
      expect(fresh.body.data.records[0]).toMatchObject({ id, title: '新发布的区级政策', validity: 'effective' });
      expect(await t().app.services.policy.count()).toBe(37);
      await t().db.deleteFrom('policy').where('id', '=', id).execute();
      await bumpContentVersion(t().kv);
    });
  },
  async (t) => seedPolicies(t.db, new Random(7), new Date(), 36),
);
