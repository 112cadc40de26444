import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { DEMO_ENTERPRISE, DEMO_STAFF_PASSWORD } from './demo.ts';
import { seedDemo } from './index.ts';

/**
 * docs/domain.md "Demo data": what a fresh install shows, checked through the API a visitor and the
 * demo enterprise use.
 */

async function demoLogin(t: TestApp) {
  const uuid = 'seed-test-captcha';
  await t.call({ method: 'GET', url: `/fykj/captcha?uuid=${uuid}` });
  const res = await t.app.inject({
    method: 'POST',
    url: '/fykj/en-login',
    payload: { loginName: DEMO_ENTERPRISE.phone, password: DEMO_ENTERPRISE.password, uuid, code: '8888' },
  });
  expect(res.json().code, res.body).toBe(0);
  return { authorization: `Bearer ${res.json().data.access_token}`, origin: 'http://localhost' };
}

const total = async (t: TestApp, method: 'GET' | 'POST', url: string, payload?: object, headers?: Record<string, string>) => {
  const r = await t.call({ method, url, payload, headers });
  expect(r.body.code, `${url} ${r.body.msg}`).toBe(0);
  return r.body.data.total as number;
};

describeEachDb(
  '演示数据',
  (t) => {
    it('has the public volumes docs/domain.md promises', async () => {
      expect(await total(t(), 'POST', '/api/notice/pages', {})).toBeGreaterThanOrEqual(30);
      expect(await total(t(), 'GET', '/api/po/policy/list')).toBeGreaterThanOrEqual(30);
      expect(await total(t(), 'POST', '/api/book/gov/pages', {})).toBeGreaterThanOrEqual(40);
      expect((await t().call({ method: 'GET', url: '/uaa/api/service/manage/list' })).body.data.length).toBeGreaterThanOrEqual(10);
      expect(await total(t(), 'GET', '/uaa/api/ua/declare/proclamation/page')).toBeGreaterThanOrEqual(3);
      expect(await total(t(), 'GET', '/uaa/api/free/declare-project/page')).toBeGreaterThanOrEqual(5);
    });

    it('has declaration projects in all three states and public appeals in every state', async () => {
      for (const status of ['not_started', 'open', 'closed']) {
        expect(await total(t(), 'GET', `/uaa/api/ua/declare-project/page?status=${status}`), status).toBeGreaterThan(0);
      }
      expect(await total(t(), 'GET', '/uaa/api/ua/declare-project/page')).toBeGreaterThanOrEqual(8);
      expect(await total(t(), 'GET', '/admin/appeal')).toBeGreaterThanOrEqual(20);
      for (const status of ['pending', 'processing', 'resolved', 'evaluated', 'rejected']) {
        expect(await total(t(), 'GET', `/admin/appeal?status=${status}`), status).toBeGreaterThan(0);
      }
    });

    it('lets the demo enterprise log in and find something on every screen of the user centre', async () => {
      const headers = await demoLogin(t());
      const me = await t().call({ method: 'GET', url: '/admin/user/loginUser', headers });
      expect(me.body.data.enterprise.name).toBe(DEMO_ENTERPRISE.name);
      for (const status of ['pending', 'processing', 'resolved', 'evaluated', 'rejected']) {
        expect(await total(t(), 'GET', `/admin/appeal/en-pages?status=${status}`, undefined, headers), status).toBeGreaterThan(0);
      }
      expect(await total(t(), 'GET', '/admin/appeal/en-pages?status=resolved', undefined, headers)).toBeGreaterThanOrEqual(2);
      const declarations = await t().call({ method: 'GET', url: '/uaa/api/customer/declare-ent/page?pageSize=100', headers });
      expect(new Set(declarations.body.data.records.map((r: { status: string }) => r.status)).size).toBeGreaterThanOrEqual(3);
      expect(await total(t(), 'POST', '/api/free/declare/pages', { status: 'pending_confirm' }, headers)).toBeGreaterThanOrEqual(2);
    });

    it('gives the demo handler its department’s work: one to sign for, one in hand, one waiting for more time', async () => {
      const handler = await staffLogin(t(), { id: 0, loginName: 'handler', name: '', phone: '', password: DEMO_STAFF_PASSWORD, departmentId: null });
      const list = await t().call({ method: 'POST', url: '/console/api/appeal/pages', payload: { pageSize: 100, status: 'processing' }, headers: handler.headers });
      expect(list.status, list.body.msg).toBe(200);
      const rows = list.body.data.records as { id: number; departmentName: string | null; signedAt: string | null; extensionStatus: string | null }[];
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.every((r) => r.departmentName === '企业服务科')).toBe(true);
      expect(rows.some((r) => !r.signedAt)).toBe(true);
      expect(rows.some((r) => r.signedAt && !r.extensionStatus)).toBe(true);
      expect(rows.some((r) => r.extensionStatus === 'requested')).toBe(true);
      // What the enterprise reads of one in a department's hands: assigned and signed by the department.
      const signed = rows.find((r) => r.signedAt)!;
      const detail = await t().call({ method: 'GET', url: `/console/api/appeal/detail?id=${signed.id}`, headers: handler.headers });
      expect(detail.body.data.timeline.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['accepted', 'assigned', 'signed']));
      const dashboard = await t().call({ method: 'GET', url: '/console/api/dashboard', headers: handler.headers });
      const items = dashboard.body.data.groups.flatMap((g: { items: { key: string }[] }) => g.items);
      expect(items.find((i: { key: string }) => i.key === 'appeal.processing')).toMatchObject({ count: rows.length });
    });

    it('ships every attachment the demo content links to', async () => {
      const paths = new Set<string>();
      const notices = await t().call({ method: 'POST', url: '/api/notice/pages', payload: { pageSize: 100 } });
      for (const n of notices.body.data.records) {
        const d = await t().call({ method: 'GET', url: `/api/notice/detail?id=${n.id}` });
        for (const a of d.body.data.attachments) paths.add(a.path);
      }
      const policies = await t().call({ method: 'GET', url: '/api/po/policy/list?pageSize=100' });
      for (const p of policies.body.data.records) {
        const d = await t().call({ method: 'GET', url: `/api/po/policy?id=${p.id}` });
        for (const a of d.body.data.attachments) paths.add(a.path);
      }
      expect(paths.size).toBeGreaterThan(0);
      for (const path of paths) {
        const res = await t().app.inject({ method: 'GET', url: `/uaa/api/download/file?filePath=${encodeURIComponent(path)}&fileName=x.pdf` });
        expect(res.statusCode, path).toBe(200);
        expect(res.rawPayload.length, path).toBeGreaterThan(100);
      }
    });
  },
  // Seeded at the real present: project windows and deadlines are relative to it.
  async (t) => seedDemo(t.db),
);
