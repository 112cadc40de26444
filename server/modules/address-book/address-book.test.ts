import { expect, it } from 'vitest';
import { phoneSchema } from '#contract/validators.ts';
import { seedAddressBook } from '#server/db/seed/address-book.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const pages = (payload: unknown) => ({ method: 'POST' as const, url: '/api/book/gov/pages', payload: payload as object });

describeEachDb(
  '通讯录 API',
  (t) => {
    it('lists entries by department order, then entry order, with the paging keys', async () => {
      const { status, body } = await t().call(pages({ currentPage: 1, pageSize: 7 }));
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ total: 40, currentPage: 1, pageSize: 7 });
      expect(body.data.records.map((r: any) => r.department)).toEqual([...Array(5).fill('管委会办公室'), '企业服务局', '企业服务局']);
      expect(body.data.records[5].name).toBe('企业服务中心综合窗口');
      expect(Object.keys(body.data.records[0]).sort()).toEqual(['address', 'department', 'duties', 'id', 'name', 'phone']);
    });

    it('pages stably and caps a huge pageSize at 100', async () => {
      const all = await t().call(pages({ pageSize: 1_000_000 }));
      expect(all.body.data.pageSize).toBe(100);
      expect(all.body.data.records).toHaveLength(40);
      const third = await t().call(pages({ currentPage: 3, pageSize: 10 }));
      expect(third.body.data.records.map((r: any) => r.id)).toEqual(all.body.data.records.slice(20, 30).map((r: any) => r.id));
      const bad = await t().call(pages({ currentPage: 'x' }));
      expect(bad.status).toBe(400);
      expect(bad.body.data.fields.currentPage).toBe('页码须为数字');
    });

    it('stores only phones that pass the shared landline-or-mobile rule', async () => {
      const { body } = await t().call(pages({ pageSize: 100 }));
      for (const r of body.data.records) expect(phoneSchema.safeParse(r.phone).success, r.phone).toBe(true);
    });

    it('filters by department and searches name or post, department and duties', async () => {
      const dept = await t().call(pages({ department: ' 税务分局 ', pageSize: 100 }));
      expect(dept.body.data.total).toBe(5);
      expect(dept.body.data.records.every((r: any) => r.department === '税务分局')).toBe(true);
      const byName = await t().call(pages({ keyword: '窗口', pageSize: 100 }));
      expect(byName.body.data.records.map((r: any) => r.name)).toEqual(expect.arrayContaining(['企业服务中心综合窗口', '政策咨询窗口', '企业登记窗口']));
      const byDuties = await t().call(pages({ keyword: '退税' }));
      expect(byDuties.body.data.records.map((r: any) => r.name)).toEqual(['出口退税科']);
      const byDept = await t().call(pages({ keyword: '人力资源' }));
      expect(byDept.body.data.total).toBe(5);
      const combined = await t().call(pages({ keyword: '咨询', department: '海关监管处' }));
      expect(combined.body.data.records.map((r: any) => r.name)).toEqual(['12360 咨询窗口']);
      const unknown = await t().call(pages({ department: '不存在的部门' }));
      expect(unknown.body.data.total).toBe(0);
      for (const keyword of ["' or 1=1 --", '%', '_', '😀', 'a\\b']) {
        const { status, body } = await t().call(pages({ keyword }));
        expect(status, keyword).toBe(200);
        expect(body.data.total, keyword).toBe(0);
      }
      const empty = await t().call(pages({ keyword: '  ', department: '' }));
      expect(empty.body.data.total).toBe(40);
    });

    it('refuses a body that is not a paging filter', async () => {
      const notJson = await t().call({ method: 'POST', url: '/api/book/gov/pages', payload: '{oops', headers: { 'content-type': 'application/json' } });
      expect(notJson.status).toBe(400);
      expect(notJson.body.msg).toBe('请求内容不是有效的 JSON');
      const longDept = await t().call(pages({ department: '部'.repeat(51) }));
      expect(longDept.status).toBe(400);
      expect(longDept.body.data.fields.department).toBe('部门名称不能超过 50 个字');
    });

    it('lists departments in order and finds starred entries by id', async () => {
      const { addressBook } = t().app.services;
      expect(await addressBook.departments()).toEqual([
        '管委会办公室', '企业服务局', '经济发展局', '海关监管处', '财政局', '人力资源和社会保障局', '税务分局', '市场监督管理局',
      ]);
      const { body } = await t().call(pages({ pageSize: 100 }));
      const [a, b, c] = [body.data.records[30], body.data.records[2], body.data.records[17]];
      const found = await addressBook.findByIds([a.id, b.id, 999_999, c.id, b.id, -1, 1.5]);
      expect(found.map((r) => r.id)).toEqual([b.id, c.id, a.id]);
      expect(found[0]).toEqual(b);
      expect(await addressBook.findByIds([])).toEqual([]);
    });
  },
  async (t) => seedAddressBook(t.db),
);
