import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { SearchType } from '#contract/search.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';
import * as wordCounts from '#server/db/migrations/0085_search_word_count.ts';
import { rebuildIndex, reindexAll, reindexRecords } from './search.indexer.ts';

const now = new Date('2026-11-01T02:00:00Z');
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Records with words no demo record has, in every state a visitor may or may not see. */
async function seedCases(t: TestApp): Promise<void> {
  const { db } = t;
  const notice = (title: string, status: 'published' | 'draft' | 'offline' | 'pending_review', publishAt: string, content = '<p>正文</p>') =>
    db.insertInto('notice').values({ title, summary: null, content, source: '企业服务局', publishAt, status }).returning('id').executeTakeFirstOrThrow();
  const ids = {
    notice: [
      (await notice('关于开展研发投入补助申报的通知', 'published', ago(3), '<p>支持专精特新“小巨人”企业加大研发投入。<script>alert(1)</script>&lt;b&gt;</p>')).id,
      (await notice('蓝鲸计划草稿', 'draft', ago(2))).id,
      (await notice('白鹭计划已下线', 'offline', ago(2))).id,
      (await notice('灰鹤计划待审核', 'pending_review', ago(2))).id,
      (await notice('红隼计划定时发布', 'published', ahead(3))).id,
      (await notice('较早的专精特新通知', 'published', ago(300), '<p>专精特新</p>')).id,
      (await notice('通知正文提到<b>标签</b>', 'published', ago(1), '<p>正文里写着专精特新企业名单。</p>')).id,
    ],
  };
  const policy = await db
    .insertInto('policy')
    .values({ title: '关于支持高新技术企业发展的若干措施', docNo: '沪府规〔2026〕12号', issuer: '上海市人民政府', level: 'city', category: 'tech', publishAt: ago(5), content: '<p>对认定的高新技术企业给予奖励。</p>', status: 'published' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto('declareProject')
    .values({ name: '灰雁项目扶持', category: 'tech', department: '经济发展局', applyStart: ago(10), applyEnd: ahead(10), conditions: '<p>条件</p>', content: '<p>内容</p>', enabled: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const free = await db
    .insertInto('freeProject')
    .values({ name: '黑鸢项目补贴', category: 'tech', department: '财政局', conditions: '<p>条件</p>', content: '<p>内容</p>', status: 'draft', publishAt: ago(1) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const revoked = await db
    .insertInto('proclamation')
    .values({ projectId: project.id, title: '赤狐公示名单', content: '<p>公示</p>', publishAt: ago(2), objectionEndAt: ahead(3), status: 'revoked' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const service = await db.insertInto('serviceItem').values({ name: '金雕服务停用', icon: 'company', url: '/x', description: '停用的服务', enabled: 0 }).returning('id').executeTakeFirstOrThrow();
  const contact = await db.insertInto('addressBook').values({ department: '停用科', name: '雪豹联络员', phone: '021-1', enabled: 0 }).returning('id').executeTakeFirstOrThrow();
  const ent = await db.selectFrom('enterprise').select('id').executeTakeFirstOrThrow();
  const user = await db.selectFrom('userAccount').select('id').executeTakeFirstOrThrow();
  const appeal = (title: string, isPublic: number, reply: string | null) =>
    db
      .insertInto('appeal')
      .values({ enterpriseId: ent.id, userId: user.id, title, type: 'other', content: '<p>诉求内容</p>', contactName: '联系人张三', contactPhone: '13900000000', isPublic, reply, repliedAt: reply ? ago(1) : null, status: reply ? 'resolved' : 'pending', acceptDeadlineAt: ahead(3) })
      .returning('id')
      .executeTakeFirstOrThrow();
  const appeals = [(await appeal('青松诉求不公开', 0, null)).id, (await appeal('关于园区道路照明的诉求', 1, '银杏答复：已安排维修。')).id];
  const index = (type: SearchType, list: number[]) => reindexRecords(db, type, list);
  await index('notice', ids.notice);
  await index('policy', [policy.id]);
  await index('declare-project', [project.id]);
  await index('free-project', [free.id]);
  await index('proclamation', [revoked.id]);
  await index('service', [service.id]);
  await index('address-book', [contact.id]);
  await index('appeal', appeals);
}

const search = async (t: TestApp, query: Record<string, string | number>) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return t.call({ method: 'GET', url: `/api/search?${qs}` });
};
/** The titles as text: marks dropped, the escaped characters back. */
const titles = (body: { data: { records: { title: string }[] } }) =>
  body.data.records.map((r) => r.title.replace(/<\/?mark>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&'));

describeEachDb(
  '站内搜索 API',
  (t) => {
    it('finds by words, not by characters: 研发补助 finds 研发投入补助', async () => {
      const { status, body } = await search(t(), { q: '研发补助' });
      expect(status).toBe(200);
      expect(titles(body)).toContain('关于开展研发投入补助申报的通知');
      const hit = body.data.records.find((r: any) => r.title.includes('研发'));
      expect(hit).toMatchObject({ type: 'notice', url: expect.stringMatching(/^\/notice\/detail\?id=\d+$/) });
      expect(hit.title).toBe('关于开展<mark>研发</mark>投入<mark>补助</mark>申报的通知');
    });

    it('finds every kind of public record in one search, with a count per type', async () => {
      const checks: [string, SearchType][] = [
        ['综合保税区', 'notice'],
        ['国务院', 'policy'],
        ['申报', 'declare-project'],
        ['企业服务局', 'proclamation'],
        ['企业开办', 'service'],
        ['办公室', 'address-book'],
        ['银杏答复', 'appeal'],
      ];
      for (const [q, type] of checks) {
        const { body } = await search(t(), { q });
        expect(body.data.facets[type], `${q} → ${type}`).toBeGreaterThan(0);
      }
      const all = await search(t(), { q: '企业' });
      expect(all.body.data).toMatchObject({ totalCapped: false, cappedFacets: [] });
      const sum = Object.values(all.body.data.facets as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(all.body.data.total).toBe(sum);
      const onlyPolicies = await search(t(), { q: '企业', type: 'policy', pageSize: 50 });
      expect(onlyPolicies.body.data.total).toBe(all.body.data.facets.policy);
      expect(onlyPolicies.body.data.records.every((r: any) => r.type === 'policy')).toBe(true);
    });

    it('never finds drafts, offline, pending, not-yet-published, unpublished, revoked, disabled or private records', async () => {
      for (const q of ['蓝鲸计划', '白鹭计划', '灰鹤计划', '红隼计划', '灰雁项目', '黑鸢项目', '赤狐公示', '金雕服务', '雪豹联络员', '青松诉求', '联系人张三', '13900000000']) {
        const { status, body } = await search(t(), { q });
        expect(status, q).toBe(200);
        expect(body.data.total, q).toBe(0);
      }
    });

    it('finds pinyin, whole and by initials', async () => {
      for (const q of ['zhuanjingtexin', 'zjtx', 'ZJTX']) {
        const { body } = await search(t(), { q });
        expect(body.data.total, q).toBeGreaterThan(0);
        expect(body.data.records[0].title, q).toContain('<mark>专精特新</mark>');
      }
    });

    it('finds a 文号 typed with any brackets, or none', async () => {
      for (const q of ['沪府规〔2026〕12号', '沪府规[2026]12号', '沪府规【2026】12号', '沪府规(2026)12号', '沪府规（2026）12号', '沪府规2026年12号', '沪府规202612号', '关于沪府规〔2026〕12号']) {
        const { body } = await search(t(), { q });
        expect(titles(body), q).toContain('关于支持高新技术企业发展的若干措施');
      }
    });

    it('expands synonyms both ways, and follows what staff change', async () => {
      const short = await search(t(), { q: '高企' });
      expect(titles(short.body)).toContain('关于支持高新技术企业发展的若干措施');
      expect(short.body.data.records[0].title).toContain('<mark>高新技术企业</mark>');
      const small = await search(t(), { q: '小巨人' });
      expect(titles(small.body)).toContain('关于开展研发投入补助申报的通知');

      expect((await search(t(), { q: '白头鹰' })).body.data.total).toBe(0);
      await t().db.insertInto('searchSynonym').values({ words: JSON.stringify(['白头鹰', '研发投入']), updatedBy: null, updatedAt: new Date().toISOString() }).execute();
      await t().kv.incr('search-synonym-version', 60);
      expect(titles((await search(t(), { q: '白头鹰' })).body)).toContain('关于开展研发投入补助申报的通知');
    });

    it('finds one and two characters', async () => {
      expect((await search(t(), { q: '税' })).body.data.total).toBeGreaterThan(0);
      expect(titles((await search(t(), { q: '照明' })).body)).toContain('关于园区道路照明的诉求');
    });

    it('ranks title hits above body hits, newer first among equals, or by date on request', async () => {
      const { body } = await search(t(), { q: '专精特新', type: 'notice', pageSize: 100 });
      const list = titles(body);
      const inTitle = list.findIndex((x) => x === '较早的专精特新通知');
      const inBody = list.findIndex((x) => x === '通知正文提到<b>标签</b>');
      expect(inTitle).toBeGreaterThanOrEqual(0);
      expect(inBody).toBeGreaterThan(inTitle);
      const byDate = await search(t(), { q: '专精特新', type: 'notice', pageSize: 100, sort: 'date' });
      const dates = byDate.body.data.records.map((r: any) => r.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(titles(byDate.body).indexOf('通知正文提到<b>标签</b>')).toBeLessThan(titles(byDate.body).indexOf('较早的专精特新通知'));
    });

    it('escapes everything but <mark>, and shows the passage around the hit', async () => {
      const { body } = await search(t(), { q: '标签' });
      const rec = body.data.records.find((r: any) => r.title.includes('标签'));
      expect(rec.title).toBe('通知正文提到&lt;b&gt;<mark>标签</mark>&lt;/b&gt;');
      const other = await search(t(), { q: '小巨人' });
      const hit = other.body.data.records.find((r: any) => r.title.includes('研发'));
      expect(hit.snippet).toContain('<mark>专精特新“小巨人</mark>”企业');
      expect(hit.snippet).not.toMatch(/<(?!\/?mark>)/);
      expect(hit.snippet).not.toContain('alert');
    });

    it('takes any input safely: results or none, or a 400 with a sentence', async () => {
      const hostile = ['%', '_', "'", '"', '\\', "' OR 1=1 --", 'OR', 'NEAR', 'a NEAR b', '*', '"专精', '专精*', '(', ')', 'AND OR NOT', '😀🎉', '{title}:x', '^', '-', ':', '&|!', "'':*", '<script>alert(1)</script>'];
      for (const q of hostile) {
        const { status, body } = await search(t(), { q });
        expect(status, q).toBe(200);
        expect(Array.isArray(body.data.records), q).toBe(true);
        for (const r of body.data.records) expect(r.title, q).not.toMatch(/<(?!\/?mark>)/);
      }
      const long = await search(t(), { q: '企'.repeat(1000) });
      expect(long.status).toBe(400);
      expect(long.body.msg).toMatch(/搜索词不能超过 100 个字/);
      const empty = await search(t(), { q: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.msg).toContain('请输入要搜索的内容');
      const badType = await search(t(), { q: '企业', type: 'secret' });
      expect(badType.status).toBe(400);
      const hundred = await search(t(), { q: '专精特新'.repeat(25) });
      expect(hundred.status).toBe(200);
    });

    it('suggests titles and searches as one types, at most eight', async () => {
      await search(t(), { q: '专精特新' });
      const { status, body } = await t().call({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent('专精')}` });
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.length).toBeLessThanOrEqual(8);
      expect(body.data.some((s: string) => s.includes('专精特新'))).toBe(true);
      const pinyin = await t().call({ method: 'GET', url: '/api/search/suggest?q=zhuanj' });
      expect(pinyin.body.data.some((s: string) => s.includes('专精'))).toBe(true);
      const odd = await t().call({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent('%_"*')}` });
      expect(odd.status).toBe(200);
    });

    it('counts and lists at most 1,000 matches, says there are more, and ranks title hits first among the newest', async () => {
      const { db } = t();
      // 2,050 notices with 鸿鹄 in the body, newest first (more than FEW_ROWS: SQLite walks its index);
      // the 900th newest has it in its title too.
      const values = Array.from({ length: 2050 }, (_, i) => ({
        title: i === 899 ? '鸿鹄计划实施细则' : `第${i + 1}批扶持名单`,
        summary: null,
        content: '<p>鸿鹄计划扶持名单。</p>',
        source: '企业服务局',
        publishAt: ago(1 + i / 100),
        status: 'published' as const,
      }));
      const ids: number[] = [];
      for (let i = 0; i < values.length; i += 500) ids.push(...(await db.insertInto('notice').values(values.slice(i, i + 500)).returning('id').execute()).map((r) => r.id));
      await reindexRecords(db, 'notice', ids);

      const first = await search(t(), { q: '鸿鹄' });
      expect(first.body.data).toMatchObject({ total: 1000, totalCapped: true, cappedFacets: ['notice'] });
      expect(first.body.data.facets.notice).toBe(1000);
      expect(titles(first.body)[0]).toBe('鸿鹄计划实施细则');
      const notices = await search(t(), { q: '鸿鹄', type: 'notice', currentPage: 100 });
      expect(notices.body.data).toMatchObject({ total: 1000, totalCapped: true });
      expect(notices.body.data.records).toHaveLength(10);
      expect((await search(t(), { q: '鸿鹄', currentPage: 101 })).body.data.records).toEqual([]);

      const byDate = await search(t(), { q: '鸿鹄', sort: 'date', currentPage: 90 });
      expect(titles(byDate.body)[9]).toBe('鸿鹄计划实施细则');
      expect(titles(byDate.body)[0]).toBe('第891批扶持名单');
      const fewer = await search(t(), { q: '实施细则' });
      expect(fewer.body.data).toMatchObject({ totalCapped: false, cappedFacets: [] });
      expect(titles(fewer.body)).toContain('鸿鹄计划实施细则');
    });

    it('lists the newest matches of a word found only in records older than hundreds of others', async () => {
      const { db } = t();
      // 600 notices of this week without the word, and before them 40 with it, a year old.
      const notice = (i: number, days: number, word: string) => ({
        title: `第${i}期${word}简报`,
        summary: null,
        content: `<p>${word}</p>`,
        source: '企业服务局',
        publishAt: ago(days),
        status: 'published' as const,
      });
      const values = [...Array.from({ length: 40 }, (_, i) => notice(i + 1, 400 - i, '朱鹮')), ...Array.from({ length: 600 }, (_, i) => notice(i + 1, 1 + i / 100, '麻雀'))];
      const ids = (await db.insertInto('notice').values(values).returning('id').execute()).map((r) => r.id);
      await reindexRecords(db, 'notice', ids);
      const byDate = await search(t(), { q: '朱鹮', sort: 'date' });
      expect(byDate.body.data.total).toBe(40);
      expect(titles(byDate.body)).toEqual(Array.from({ length: 10 }, (_, i) => `第${40 - i}期朱鹮简报`));
      const last = await search(t(), { q: '朱鹮', sort: 'date', currentPage: 4 });
      expect(titles(last.body)).toEqual(Array.from({ length: 10 }, (_, i) => `第${10 - i}期朱鹮简报`));
      const ranked = await search(t(), { q: '朱鹮', type: 'notice', pageSize: 50 });
      expect(titles(ranked.body)).toEqual(Array.from({ length: 40 }, (_, i) => `第${40 - i}期朱鹮简报`));
    });

    it('counts per type exactly what it lists, through edits, withdrawals, a scheduled record and a rebuild', async () => {
      const { db, kv } = t();
      const notice = (title: string, publishAt: string) =>
        db.insertInto('notice').values({ title, summary: null, content: '<p>苍鹭湿地保护计划。</p>', source: '企业服务局', publishAt, status: 'published' }).returning('id').executeTakeFirstOrThrow();
      const ids = [
        (await notice('苍鹭计划第一批', ago(3))).id,
        (await notice('苍鹭计划第二批', ago(2))).id,
        (await notice('苍鹭计划第三批', ago(1))).id,
        (await notice('苍鹭计划定时发布', ahead(2))).id,
      ];
      await reindexRecords(db, 'notice', ids);
      // What a visitor sees: each type's count, and the records listed under it.
      const seen = async (q: string) => {
        await bumpContentVersion(kv);
        const all = (await search(t(), { q, pageSize: 50 })).body.data;
        const listed = (await search(t(), { q, type: 'notice', pageSize: 50 })).body.data.records.length;
        return { notices: all.facets.notice as number, listed, total: all.total as number };
      };
      expect(await seen('苍鹭')).toEqual({ notices: 3, listed: 3, total: 3 });
      expect(await seen('苍鹭 第二批')).toEqual({ notices: 1, listed: 1, total: 1 });

      await db.updateTable('notice').set({ title: '湿地计划第一批', content: '<p>湿地保护。</p>' }).where('id', '=', ids[0]).execute();
      await db.updateTable('notice').set({ status: 'offline' }).where('id', '=', ids[1]).execute();
      await reindexRecords(db, 'notice', ids.slice(0, 2));
      expect(await seen('苍鹭')).toEqual({ notices: 1, listed: 1, total: 1 });
      expect(await seen('湿地')).toEqual({ notices: 2, listed: 2, total: 2 });
      expect(await seen('canglu')).toEqual({ notices: 1, listed: 1, total: 1 });

      await db.transaction().execute((trx) => reindexAll(trx));
      expect(await seen('苍鹭')).toEqual({ notices: 1, listed: 1, total: 1 });
      expect(await seen('湿地')).toEqual({ notices: 2, listed: 2, total: 2 });
    });

    it('counts an index built before the word counts once migration 0085 runs on it', async () => {
      const { db, kv } = t();
      await wordCounts.down(db);
      await db.deleteFrom('searchDoc').execute();
      if (t().kind === 'sqlite') await sql`delete from search_fts`.execute(db);
      // The index as the code before 0085 built it: on SQLite without the words beside each record.
      await db.transaction().execute(async (trx) => {
        await sql`create table search_word_count (word text, type text, docs integer, primary key (word, type))`.execute(trx);
        await sql`create index search_doc_visible_idx on search_doc (visible_from)`.execute(trx);
        if (t().kind === 'sqlite') await sql`alter table search_doc add column words text not null default ''`.execute(trx);
        await reindexAll(trx);
        if (t().kind === 'sqlite') await sql`alter table search_doc drop column words`.execute(trx);
        await sql`drop index search_doc_visible_idx`.execute(trx);
        await sql`drop table search_word_count`.execute(trx);
      });
      await wordCounts.up(db);
      await bumpContentVersion(kv);
      const all = (await search(t(), { q: '专精特新', pageSize: 50 })).body.data;
      const listed = (await search(t(), { q: '专精特新', type: 'notice', pageSize: 50 })).body.data.records.length;
      expect(all.facets.notice).toBeGreaterThan(0);
      expect(all.facets.notice).toBe(listed);
    });

    it('rebuilds the index and leaves it ready to read: the planner’s figures for its words (PostgreSQL), so a word in every record is not taken for a rare one; the log folded into the database (SQLite)', async () => {
      const { db, kind } = t();
      const count = await rebuildIndex(db);
      expect(count).toBeGreaterThan(0);
      if (kind === 'sqlite') {
        // The rebuild's pages are back in the database file: the log is empty, reads look nothing up in it.
        const { rows } = await sql<{ log: number }>`pragma wal_checkpoint`.execute(db);
        expect(rows[0].log).toBe(0);
        return;
      }
      const { rows } = await sql<{ n: number }>`select coalesce(array_length(most_common_elem_freqs, 1), 0) as n from pg_stats where tablename = 'search_doc' and attname = 'terms' and schemaname = current_schema()`.execute(db);
      expect(Number(rows[0]?.n ?? 0)).toBeGreaterThan(0);
    });
  },
  async (t) => {
    await seedDemo(t.db, { now });
    await seedCases(t);
  },
);
