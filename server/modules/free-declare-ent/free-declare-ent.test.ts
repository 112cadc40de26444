import { beforeAll, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '#server/db/seed/demo.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const confirmation = { contactName: '陈思远', contactPhone: '13800138000', bankName: '招商银行上海分行营业部', bankAccount: '6225 8801 2345 6789', remark: '请按期拨付' };

describeEachDb(
  '免申即享 API',
  (t) => {
    let demo: SignedUp;
    let other: SignedUp;
    beforeAll(async () => {
      demo = await signUpAndLogin(t(), { uscc: DEMO_ENTERPRISE.uscc, enterpriseName: DEMO_ENTERPRISE.name });
      other = await signUpAndLogin(t(), { enterpriseName: '上海无关企业管理有限公司' });
    });
    const rows = async (who: SignedUp, payload: object = {}) => (await t().call({ method: 'POST', url: '/api/free/declare/pages', payload, headers: who.headers })).body.data;
    const save = (who: SignedUp, payload: object) => t().call({ method: 'POST', url: '/admin/freeDeclareEnt/save', payload, headers: who.headers });
    const status = (who: SignedUp | null, id: number | string) =>
      t().call({ method: 'GET', url: `/admin/freeDeclareEnt/confirm/status?freeDeclareEntId=${id}`, headers: who?.headers });

    it('lists free projects for everyone, and marks eligibility only for a logged-in enterprise', async () => {
      const anon = await t().call({ method: 'GET', url: '/uaa/api/free/declare-project/page' });
      expect(anon.body.data.total).toBe(5);
      expect(anon.body.data.records[0]).not.toHaveProperty('eligible');
      const mine = (await t().call({ method: 'GET', url: '/uaa/api/free/declare-project/page', headers: demo.headers })).body.data.records;
      expect(mine.filter((r: any) => r.eligible).map((r: any) => r.name).sort()).toEqual(
        ['外贸企业出口信用保险保费补贴', '跨境电商企业物流费用补贴', '高新技术企业认定奖励（免申即享）'].sort(),
      );
      expect(mine.filter((r: any) => !r.eligible).every((r: any) => r.freeDeclareEntId === null)).toBe(true);
      const none = (await t().call({ method: 'GET', url: '/uaa/api/free/declare-project/page', headers: other.headers })).body.data.records;
      expect(none.every((r: any) => r.eligible === false)).toBe(true);
      const kw = await t().call({ method: 'GET', url: `/uaa/api/free/declare-project/page?keyword=${encodeURIComponent('稳岗')}` });
      expect(kw.body.data.records.map((r: any) => r.name)).toEqual(['稳岗就业补贴']);
    });

    it('shows a free project with its conditions', async () => {
      const [p] = (await t().call({ method: 'GET', url: '/uaa/api/free/declare-project/page' })).body.data.records;
      const d = await t().call({ method: 'GET', url: `/uaa/api/free/declare-project/detail?id=${p.id}`, headers: demo.headers });
      expect(d.body.data).toMatchObject({ id: p.id, conditions: expect.any(String), eligible: true, freeDeclareEntId: expect.any(Number) });
      expect((await t().call({ method: 'GET', url: '/uaa/api/free/declare-project/detail?id=999999' })).status).toBe(404);
    });

    it("lists only the enterprise's own rows, with project, amount and why it is eligible", async () => {
      const all = await rows(demo, { pageSize: 100 });
      expect(all.total).toBe(3);
      expect(all.records.every((r: any) => r.uscc === DEMO_ENTERPRISE.uscc)).toBe(true);
      const pending = await rows(demo, { status: 'pending_confirm' });
      expect(pending.total).toBe(2);
      expect(pending.records[0]).toMatchObject({ statusText: '待确认', canConfirm: true, reasons: expect.arrayContaining([{ condition: expect.any(String), source: expect.any(String) }]) });
      const high = all.records.find((r: any) => r.project.name.startsWith('高新技术'));
      expect(high).toMatchObject({ amount: 20, project: { amountMin: 20, amountMax: 20 } });
      expect((await rows(other)).total).toBe(0);
      expect((await t().call({ method: 'POST', url: '/api/free/declare/pages', payload: {} })).status).toBe(401);
    });

    it('validates the confirmation with a Chinese message per field', async () => {
      const [row] = (await rows(demo, { status: 'pending_confirm' })).records;
      const res = await save(demo, { freeDeclareEntId: row.id, contactName: '', contactPhone: '138', bankName: '', bankAccount: '6225-ABCD' });
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toMatchObject({
        contactName: '请填写联系人',
        contactPhone: '请输入正确的手机号或固定电话',
        bankName: '请填写开户银行',
        bankAccount: '请输入正确的银行账号（8-30 位数字）',
      });
    });

    it('confirms a 待确认 row once, and only its own enterprise may', async () => {
      const [row] = (await rows(demo, { status: 'pending_confirm' })).records;
      expect((await status(demo, row.id)).body.data).toEqual({ confirmed: false, status: 'pending_confirm', statusText: '待确认' });
      expect((await save(other, { ...confirmation, freeDeclareEntId: row.id })).status).toBe(404);
      expect((await status(other, row.id)).status).toBe(404);
      expect((await status(null, row.id)).status).toBe(401);

      const ok = await save(demo, { ...confirmation, freeDeclareEntId: row.id });
      expect(ok.status).toBe(200);
      expect((await status(demo, row.id)).body.data).toEqual({ confirmed: true, status: 'confirmed', statusText: '已确认' });
      const saved = (await rows(demo, { pageSize: 100 })).records.find((r: any) => r.id === row.id);
      expect(saved).toMatchObject({ bankAccount: '6225880123456789', contactPhone: '13800138000', canConfirm: false, confirmedAt: expect.any(String) });

      const again = await save(demo, { ...confirmation, freeDeclareEntId: row.id });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe('该记录已确认，不能再次确认');
      const paid = (await rows(demo, { status: 'paid' })).records[0];
      expect((await save(demo, { ...confirmation, freeDeclareEntId: paid.id })).status).toBe(409);
      expect((await status(demo, paid.id)).body.data.confirmed).toBe(true);
    });

    it('takes a "信息有误" correction request with a receipt number', async () => {
      const [row] = (await rows(demo, { pageSize: 1 })).records;
      const correction = (who: SignedUp, payload: object) => t().call({ method: 'POST', url: '/admin/freeDeclareEnt/correction', payload, headers: who.headers });
      expect((await correction(demo, { freeDeclareEntId: row.id, content: '错' })).status).toBe(400);
      expect((await correction(other, { freeDeclareEntId: row.id, content: '补贴金额计算有误，请核实。' })).status).toBe(404);
      const res = await correction(demo, { freeDeclareEntId: row.id, content: '补贴金额计算有误，我司实缴保费为 6.52 万元。' });
      expect(res.status).toBe(200);
      expect(res.body.data.receiptNo).toMatch(/^JC\d{8}-0001$/);
      const after = (await rows(demo, { pageSize: 100 })).records.find((r: any) => r.id === row.id);
      expect(after.corrections).toEqual([{ receiptNo: res.body.data.receiptNo, content: expect.stringContaining('6.52'), createdAt: expect.any(String), reply: null, repliedAt: null }]);
      expect(after.timeline.at(-1)).toMatchObject({ action: 'correction', actionText: '反馈信息有误', note: expect.stringContaining(res.body.data.receiptNo) });
    });
  },
  async (t) => seedDemo(t.db),
);
