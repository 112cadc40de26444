import { beforeAll, expect, it } from 'vitest';
import { seedDemo } from '#server/db/seed/index.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

describeEachDb(
  '公示与异议 API',
  (t) => {
    let a: SignedUp;
    let b: SignedUp;
    let records: any[];
    beforeAll(async () => {
      a = await signUpAndLogin(t(), { enterpriseName: '上海异议人贸易有限公司' });
      b = await signUpAndLogin(t(), { enterpriseName: '上海旁观者物流有限公司' });
      records = (await t().call({ method: 'GET', url: '/uaa/api/ua/declare/proclamation/page' })).body.data.records;
    });
    const object = (who: SignedUp | null, payload: object) =>
      t().call({ method: 'POST', url: '/uaa/api/customer/declare/proclamation/objection', payload, headers: who?.headers });
    const reason = '名单中某企业上年度进出口额实际未达到 1000 万美元，请予核查。';

    it('lists proclamations newest first with the objection period', async () => {
      expect(records).toHaveLength(3);
      expect(records.map((r) => r.publishAt)).toEqual([...records.map((r) => r.publishAt)].sort().reverse());
      expect(records.map((r) => r.objectionOpen)).toEqual([true, false, false]);
      expect(records[0]).toMatchObject({ title: expect.stringContaining('拟支持企业名单的公示'), projectName: '2026年度外贸稳增长奖励', enterpriseCount: 4 });
      expect(records[0].objectionEndAt > records[0].publishAt).toBe(true);
    });

    it('shows one proclamation only under its own project', async () => {
      const [p] = records;
      const { status, body } = await t().call({ method: 'GET', url: `/uaa/api/ua/declare/proclamation/${p.projectId}/${p.id}` });
      expect(status).toBe(200);
      expect(body.data.enterprises).toContainEqual({ enterpriseName: '示范科技（上海）有限公司', amount: 30 });
      expect(body.data.totalAmount).toBe(100.5);
      expect(body.data.content).toContain('<p>');
      for (const url of [`${records[1].projectId}/${p.id}`, `${p.projectId}/999999`, `abc/${p.id}`, `${p.projectId}/x`]) {
        const res = await t().call({ method: 'GET', url: `/uaa/api/ua/declare/proclamation/${url}` });
        expect(res.status, url).toBe(404);
      }
    });

    it('takes a real-name objection while the period is open and answers a receipt number', async () => {
      expect((await object(null, { proclamationId: records[0].id, reason })).status).toBe(401);
      const short = await object(a, { proclamationId: records[0].id, reason: '不对' });
      expect(short.status).toBe(400);
      expect(short.body.data.fields.reason).toMatch(/至少 10 个字/);

      const { payload, headers } = multipartFile('核查线索.pdf', SAMPLES.pdf());
      const file = (await t().call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...a.headers } })).body.data;
      const first = await object(a, { proclamationId: records[0].id, reason, attachments: [file] });
      expect(first.status).toBe(200);
      expect(first.body.data.receiptNo).toMatch(/^YY\d{8}-\d{4}$/);
      const second = await object(b, { proclamationId: records[0].id, reason });
      const n = (no: string) => Number(no.slice(-4));
      expect(n(second.body.data.receiptNo)).toBe(n(first.body.data.receiptNo) + 1);
      // Objections are never shown publicly.
      const d = await t().call({ method: 'GET', url: `/uaa/api/ua/declare/proclamation/${records[0].projectId}/${records[0].id}` });
      expect(JSON.stringify(d.body)).not.toContain('核查');
    });

    it('refuses objections after the period, to unknown proclamations, and with foreign files', async () => {
      const closed = await object(a, { proclamationId: records[1].id, reason });
      expect(closed.status).toBe(409);
      expect(closed.body.msg).toBe('该公示的异议期已结束，不能再提出异议');
      expect((await object(a, { proclamationId: 999999, reason })).status).toBe(404);
      const { payload, headers } = multipartFile('b.pdf', SAMPLES.pdf());
      const foreign = (await t().call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...b.headers } })).body.data;
      const res = await object(a, { proclamationId: records[0].id, reason, attachments: [foreign] });
      expect(res.status).toBe(400);
      expect(res.body.data.fields.attachments).toMatch(/不是本企业上传的文件/);
    });
  },
  async (t) => seedDemo(t.db),
);
