import { expect, it } from 'vitest';
import { seedDemo } from '#server/db/seed/index.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const post = (t: TestApp, url: string, s: StaffSession, payload: object) => t.call({ method: 'POST', url: `/console/api/${url}`, headers: s.headers, payload });
const get = (t: TestApp, url: string, s: StaffSession) => t.call({ method: 'GET', url: `/console/api/${url}`, headers: s.headers });
/** What a visitor finds for `q`: "type:title" of every record on the first page. */
const found = async (t: TestApp, q: string) =>
  (await t.call({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}&pageSize=50` })).body.data.records.map((r: { type: string; title: string }) => `${r.type}:${r.title.replace(/<\/?mark>/g, '')}`);

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describeEachDb(
  '站内搜索：发布与撤下即时可见，管理后台的同义词与搜索统计',
  (t) => {
    it('finds a notice from the moment it is published, and no longer once it is taken offline', async () => {
      const editor = await staffLogin(t(), 'editor');
      const publisher = await staffLogin(t(), 'publisher');
      const saved = await post(t(), 'notice/save', editor, { title: '关于举办鲲鹏杯创新大赛的通知', content: '<p>鲲鹏杯面向区内企业。</p>', summary: '大赛', isTop: false });
      const id = saved.body.data.id;
      expect(await found(t(), '鲲鹏杯')).toEqual([]);
      await post(t(), 'notice/submit', editor, { id });
      expect(await found(t(), '鲲鹏杯')).toEqual([]);
      expect((await post(t(), 'notice/publish', publisher, { id })).status).toBe(200);
      expect(await found(t(), '鲲鹏杯')).toEqual(['notice:关于举办鲲鹏杯创新大赛的通知']);
      expect(await found(t(), 'kunpeng')).toEqual(['notice:关于举办鲲鹏杯创新大赛的通知']);
      expect((await post(t(), 'notice/offline', publisher, { id, reason: '大赛已结束' })).status).toBe(200);
      expect(await found(t(), '鲲鹏杯')).toEqual([]);
    });

    it('follows 免申即享 projects, declaration projects, 公示, service items and the address book as staff publish and withdraw them', async () => {
      const reviewer = await staffLogin(t(), 'reviewer');
      const editor = await staffLogin(t(), 'editor');
      const { db } = t();

      const free = await db
        .insertInto('freeProject')
        .values({ name: '麒麟免申补贴', category: 'tech', department: '财政局', conditions: '<p>条件</p>', content: '<p>内容</p>', status: 'draft', publishAt: ago(0) })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(await found(t(), '麒麟免申')).toEqual([]);
      expect((await post(t(), 'free-project/publish', reviewer, { id: free.id })).status).toBe(200);
      expect(await found(t(), '麒麟免申')).toEqual(['free-project:麒麟免申补贴']);
      expect((await post(t(), 'free-project/close', reviewer, { id: free.id })).status).toBe(200);
      expect(await found(t(), '麒麟免申')).toEqual([]);

      const project = await db
        .insertInto('declareProject')
        .values({ name: '凤凰申报项目', category: 'tech', department: '经济发展局', applyStart: ago(5), applyEnd: ago(-5), conditions: '<p>条件</p>', content: '<p>内容</p>', enabled: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await post(t(), 'declare-project/enable', reviewer, { id: project.id })).status).toBe(200);
      expect(await found(t(), '凤凰申报')).toEqual(['declare-project:凤凰申报项目']);
      expect((await post(t(), 'declare-project/disable', reviewer, { id: project.id })).status).toBe(200);
      expect(await found(t(), '凤凰申报')).toEqual([]);

      const proclamation = await db
        .insertInto('proclamation')
        .values({ projectId: project.id, title: '白泽拟支持企业名单的公示', content: '<p>公示</p>', publishAt: ago(0), objectionEndAt: ago(-5), status: 'draft' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(await found(t(), '白泽')).toEqual([]);
      expect((await post(t(), 'proclamation/publish', reviewer, { id: proclamation.id })).status).toBe(200);
      expect(await found(t(), '白泽')).toEqual(['proclamation:白泽拟支持企业名单的公示']);
      expect((await post(t(), 'proclamation/revoke', reviewer, { id: proclamation.id, reason: '名单有误' })).status).toBe(200);
      expect(await found(t(), '白泽')).toEqual([]);

      const item = await db.insertInto('serviceItem').values({ name: '玄武通办服务', icon: 'company', url: '/x', description: '办事', enabled: 0 }).returning('id').executeTakeFirstOrThrow();
      expect((await post(t(), 'service-item/enable', editor, { id: item.id })).status).toBe(200);
      expect(await found(t(), '玄武通办')).toEqual(['service:玄武通办服务']);
      expect((await post(t(), 'service-item/disable', editor, { id: item.id })).status).toBe(200);
      expect(await found(t(), '玄武通办')).toEqual([]);

      const entry = await db.insertInto('addressBook').values({ department: '朱雀科', name: '朱雀联络员', phone: '021-5888', enabled: 0 }).returning('id').executeTakeFirstOrThrow();
      expect((await post(t(), 'address-book/enable', editor, { id: entry.id })).status).toBe(200);
      expect(await found(t(), '朱雀联络员')).toEqual(['address-book:朱雀联络员（朱雀科）']);
      expect((await post(t(), 'address-book/disable', editor, { id: entry.id })).status).toBe(200);
      expect(await found(t(), '朱雀联络员')).toEqual([]);
    });

    it('drops a public appeal the bureau takes off the public list', async () => {
      const dispatcher = await staffLogin(t(), 'dispatcher');
      const ent = await t().db.selectFrom('enterprise').select('id').executeTakeFirstOrThrow();
      const user = await t().db.selectFrom('userAccount').select('id').executeTakeFirstOrThrow();
      const appeal = await t()
        .db.insertInto('appeal')
        .values({ enterpriseId: ent.id, userId: user.id, title: '关于獬豸路口拥堵的诉求', type: 'other', content: '<p>内容</p>', contactName: '张三', contactPhone: '13900000000', isPublic: 1, status: 'pending', acceptDeadlineAt: ago(-3) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { reindexRecords } = await import('./search.indexer.ts');
      await reindexRecords(t().db, 'appeal', [appeal.id]);
      expect(await found(t(), '獬豸')).toEqual(['appeal:关于獬豸路口拥堵的诉求']);
      const unpublished = await post(t(), 'appeal/unpublish', dispatcher, { id: appeal.id, reason: '涉及个人信息' });
      expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
      expect(await found(t(), '獬豸')).toEqual([]);
    });

    it('lets an editor keep synonyms (audited), an auditor read them, and others not at all', async () => {
      const editor = await staffLogin(t(), 'editor');
      const auditor = await staffLogin(t(), 'auditor');
      const reviewer = await staffLogin(t(), 'reviewer');
      expect(await found(t(), '青鸾')).toEqual([]);

      const saved = await post(t(), 'search/synonym/save', editor, { words: ['青鸾', '高新技术企业'] });
      expect(saved.status).toBe(400);
      expect(saved.body.msg).toContain('“高新技术企业”已在同义词组“高企、高新技术企业”中');

      const ok = await post(t(), 'search/synonym/save', editor, { words: ['青鸾', '综合保税区高水平开放'] });
      expect(ok.status).toBe(200);
      expect((await found(t(), '青鸾')).length).toBeGreaterThan(0);
      const audit = await t().db.selectFrom('auditLog').selectAll().where('staffId', '=', editor.staff.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(JSON.stringify(audit)).toContain('search');

      const one = await post(t(), 'search/synonym/save', editor, { words: ['只有一个'] });
      expect(one.status).toBe(400);
      expect(JSON.stringify(one.body)).toContain('一组同义词至少要有两个词');
      expect((await post(t(), 'search/synonym/save', auditor, { words: ['甲', '乙'] })).status).toBe(403);
      expect((await get(t(), 'search/synonyms', reviewer)).status).toBe(403);

      const list = await get(t(), 'search/synonyms', auditor);
      expect(list.status).toBe(200);
      expect(list.body.data.map((s: { words: string[] }) => s.words.join('、'))).toContain('高企、高新技术企业');

      expect((await post(t(), 'search/synonym/delete', editor, { id: ok.body.data.id })).status).toBe(200);
      expect(await found(t(), '青鸾')).toEqual([]);
    });

    it('counts what people searched for, and what found nothing, over 30 days', async () => {
      for (const q of ['专精特新', '专精特新', '专精特新', '饕餮补贴']) await t().call({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
      // Paging and tabs are the same search: not counted again.
      await t().call({ method: 'GET', url: `/api/search?q=${encodeURIComponent('专精特新')}&currentPage=2` });
      const auditor = await staffLogin(t(), 'auditor');
      const stats = await get(t(), 'search/stats', auditor);
      expect(stats.status).toBe(200);
      // The tests above searched too; these two words are this test's own.
      expect(stats.body.data.top).toContainEqual({ query: '专精特新', count: 3 });
      expect(stats.body.data.noResults).toContainEqual({ query: '饕餮补贴', count: 1 });
      expect(stats.body.data.noResults).not.toContainEqual(expect.objectContaining({ query: '专精特新' }));
      const suggest = await t().call({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent('专精')}` });
      expect(suggest.body.data[0]).toBe('专精特新');
    });
  },
  (t) => seedDemo(t.db),
);
