import { beforeAll, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '#server/db/seed/demo.ts';
import { seedDemo } from '#server/db/seed/index.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const base = '/uaa/api/customer/declare-ent';
/** The bureau's side is tested in declare-ent.console.test.ts; here a reviewer acts through the service. */
const reviewer = { id: 1, name: '审核员', permissions: ['declare:review' as const] };

describeEachDb(
  '企业申报 API',
  (t) => {
    let a: SignedUp;
    let b: SignedUp;
    let demo: SignedUp;
    let usccA: string;
    const project: Record<string, { id: number; materials: { id: number; name: string; required: boolean }[] }> = {};

    beforeAll(async () => {
      a = await signUpAndLogin(t(), { enterpriseName: '上海甲方智能装备有限公司' });
      b = await signUpAndLogin(t(), { enterpriseName: '上海乙方新材料有限公司' });
      demo = await signUpAndLogin(t(), { uscc: DEMO_ENTERPRISE.uscc, enterpriseName: DEMO_ENTERPRISE.name });
      usccA = (await t().db.selectFrom('enterprise').select('uscc').where('id', '=', a.enterpriseId).executeTakeFirstOrThrow()).uscc;
      const list = await t().call({ method: 'GET', url: '/uaa/api/ua/declare-project/page?pageSize=100' });
      for (const p of list.body.data.records) {
        const d = await t().call({ method: 'GET', url: `/uaa/api/ua/declare-project/detail?id=${p.id}` });
        project[p.name] = { id: p.id, materials: d.body.data.materials };
      }
    });

    const post = (who: SignedUp | null, path: string, payload: object) => t().call({ method: 'POST', url: `${base}/${path}`, payload, headers: who?.headers });
    const get = (who: SignedUp | null, path: string) => t().call({ method: 'GET', url: `${base}/${path}`, headers: who?.headers });
    async function upload(who: SignedUp, name: string) {
      const { payload, headers } = multipartFile(name, SAMPLES.pdf());
      return (await t().call({ method: 'POST', url: '/uaa/api/upload/file', payload, headers: { ...headers, ...who.headers } })).body.data as { name: string; path: string };
    }
    async function completeForm(who: SignedUp, name: string, uscc: string) {
      const p = project[name];
      const materials = [];
      for (const m of p.materials.filter((x) => x.required)) materials.push({ materialId: m.id, files: [await upload(who, `${m.name}.pdf`)] });
      return {
        projectId: p.id,
        enterpriseName: '上海甲方智能装备有限公司',
        uscc,
        legalPerson: '吴志强',
        contactName: '郑丽',
        contactPhone: '13817261234',
        provinceCode: '310000',
        cityCode: '310100',
        countyCode: '310115',
        address: '中国（上海）自由贸易试验区富特北路 211 号',
        content: '本项目建设智能分拣生产线两条，引进自动化设备 36 台套，预计年新增产值 8000 万元。',
        amountApplied: 30.5,
        materials,
        submit: true,
      };
    }

    it('needs an account for every call', async () => {
      for (const [method, path] of [['GET', 'page'], ['GET', 'detail?id=1'], ['GET', 'pre-en-info'], ['POST', 'add'], ['POST', 'edit'], ['POST', 'evaluate']]) {
        const res = await t().call({ method: method as 'GET', url: `${base}/${path}`, payload: method === 'POST' ? {} : undefined });
        expect(res.status, path).toBe(401);
      }
    });

    it('prefills the form from the enterprise profile', async () => {
      const { body } = await get(demo, 'pre-en-info');
      expect(body.data).toEqual({
        enterpriseName: DEMO_ENTERPRISE.name,
        uscc: DEMO_ENTERPRISE.uscc,
        legalPerson: '周建华',
        contactName: DEMO_ENTERPRISE.contactName,
        contactPhone: DEMO_ENTERPRISE.phone,
        provinceCode: '310000',
        cityCode: '310100',
        countyCode: '310115',
        address: expect.stringContaining('基隆路'),
      });
    });

    it('saves a partial draft, keeps one live declaration per project, and names the existing one', async () => {
      const p = project['跨境电商海外仓建设补贴'];
      const draft = await post(a, 'add', { projectId: p.id, contactName: '郑丽', submit: false });
      expect(draft.status).toBe(200);
      expect(draft.body.msg).toBe('草稿已保存');
      const again = await post(a, 'add', { projectId: p.id });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(`本企业已有该项目的申报（申报编号 ${draft.body.data.id}，状态：草稿），请在“我的申报”中继续办理`);
      // A colleague of the same enterprise is refused too; another enterprise is not.
      const colleague = await signUpAndLogin(t(), { uscc: usccA, enterpriseName: '上海甲方智能装备有限公司' });
      expect((await post(colleague, 'add', { projectId: p.id })).status).toBe(409);
      expect((await post(b, 'add', { projectId: p.id })).status).toBe(200);

      const d = await get(a, `detail?id=${draft.body.data.id}`);
      expect(d.body.data).toMatchObject({ status: 'draft', statusText: '草稿', contactName: '郑丽', content: null, canEdit: true, canEvaluate: false });
      expect(d.body.data.materials.map((m: any) => m.files)).toEqual(p.materials.map(() => []));
    });

    it('refuses projects outside their window and unknown ones', async () => {
      const early = await post(a, 'add', { projectId: project['2027年度绿色低碳示范项目奖励'].id });
      expect(early.status).toBe(409);
      expect(early.body.msg).toMatch(/^该项目尚未开始申报（申报时间：\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}）$/);
      const late = await post(a, 'add', { projectId: project['2026年度外贸稳增长奖励'].id });
      expect(late.status).toBe(409);
      expect(late.body.msg).toMatch(/申报已截止/);
      expect((await post(a, 'add', { projectId: 999999 })).status).toBe(404);
    });

    it('on submit, names every missing field and every missing required material', async () => {
      const p = project['企业数字化转型项目补助'];
      const res = await post(b, 'add', { projectId: p.id, enterpriseName: '上海乙方新材料有限公司', contactPhone: '0215', submit: true });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('还有内容未填写完整，请按提示补充后再提交');
      const fields = res.body.data.fields;
      expect(fields).toMatchObject({
        uscc: '请填写统一社会信用代码',
        legalPerson: '请填写法定代表人',
        contactPhone: '请输入正确的手机号或固定电话',
        provinceCode: '请选择所在省、市、区县',
        content: '请填写申报内容',
        amountApplied: '请填写申请金额（万元）',
      });
      for (const m of p.materials.filter((x) => x.required)) expect(fields[`materials.${m.id}`]).toBe(`请上传“${m.name}”`);
      expect(fields).not.toHaveProperty('enterpriseName');
      // Nothing was stored.
      const page = await get(b, 'page?pageSize=100');
      expect(page.body.data.records.some((r: any) => r.project.id === p.id)).toBe(false);
    });

    it("checks the USCC against the enterprise's own and the amount against the project's cap", async () => {
      const form = await completeForm(a, '企业数字化转型项目补助', usccA);
      const wrong = await post(a, 'add', { ...form, uscc: DEMO_ENTERPRISE.uscc, amountApplied: 150 });
      expect(wrong.status).toBe(400);
      expect(wrong.body.data.fields).toEqual({ uscc: '统一社会信用代码须与本企业一致，请核对', amountApplied: '申请金额不能超过该项目上限 100 万元' });
      const bad = await post(a, 'add', { ...form, uscc: '91310115MA1K4XXXX1' });
      expect(bad.body.data.fields.uscc).toMatch(/校验位不正确/);
      const decimals = await post(a, 'add', { ...form, amountApplied: 1.23456 });
      expect(decimals.body.data.fields.amountApplied).toBe('金额最多保留 4 位小数');
    });

    it("refuses files another enterprise uploaded and materials of another project", async () => {
      const form = await completeForm(a, '企业数字化转型项目补助', usccA);
      const foreign = await upload(b, '乙方营业执照.pdf');
      const m0 = form.materials[0];
      const res = await post(a, 'add', { ...form, materials: [{ materialId: m0.materialId, files: [foreign] }, ...form.materials.slice(1)] });
      expect(res.status).toBe(400);
      expect(res.body.data.fields[`materials.${m0.materialId}`]).toMatch(/不是本企业上传的文件/);
      const other = project['跨境电商海外仓建设补贴'].materials[0].id;
      const res2 = await post(a, 'add', { ...form, materials: [{ materialId: other, files: [] }] });
      expect(res2.status).toBe(400);
      expect(res2.body.data.fields['materials.0.materialId']).toBe('该材料不属于此项目');
    });

    it('submits, then refuses edits until the bureau returns it; a returned one goes back for review', async () => {
      const form = await completeForm(a, '企业数字化转型项目补助', usccA);
      const sent = await post(a, 'add', form);
      expect(sent.status).toBe(200);
      expect(sent.body.msg).toBe('申报已提交，请等待审核');
      const id = sent.body.data.id;
      let d = (await get(a, `detail?id=${id}`)).body.data;
      expect(d).toMatchObject({ status: 'submitted', statusText: '待审核', amountApplied: 30.5, canEdit: false, uscc: usccA });
      expect(d.submittedAt).not.toBeNull();
      const locked = await post(a, 'edit', { ...form, id });
      expect(locked.status).toBe(409);
      expect(locked.body.msg).toBe('该申报待审核，只有草稿或退回修改的申报可以修改');

      await t().app.services.declareEntConsole.review(reviewer, { id, result: 'returned', note: '请补充项目验收报告' });
      d = (await get(a, `detail?id=${id}`)).body.data;
      expect(d).toMatchObject({ status: 'returned', statusText: '退回修改', reviewNote: '请补充项目验收报告', canEdit: true });
      // Saving keeps it 退回修改; the files already on it may stay without a new upload.
      const kept = d.materials.filter((m: any) => m.files.length).map((m: any) => ({ materialId: m.materialId, files: m.files }));
      expect((await post(a, 'edit', { ...form, id, materials: kept, submit: false, amountApplied: 28 })).status).toBe(200);
      expect((await get(a, `detail?id=${id}`)).body.data).toMatchObject({ status: 'returned', amountApplied: 28 });
      expect((await post(a, 'edit', { ...form, id, materials: kept, submit: true })).status).toBe(200);
      expect((await get(a, `detail?id=${id}`)).body.data.status).toBe('submitted');
      const moved = await post(a, 'edit', { ...form, id, projectId: project['跨境电商海外仓建设补贴'].id });
      expect(moved.status).toBe(400);
    });

    it('keeps declarations private: another enterprise gets 404 for every id-bearing call', async () => {
      const { body } = await get(demo, 'page?pageSize=100');
      for (const r of body.data.records) {
        expect((await get(b, `detail?id=${r.id}`)).status).toBe(404);
        expect((await post(b, 'edit', { id: r.id, projectId: r.project.id })).status).toBe(404);
        expect((await post(b, 'evaluate', { id: r.id, level: 1 })).status).toBe(404);
      }
      const res = await get(b, 'detail?id=999999');
      expect(res.body.msg).toBe('该申报不存在或不属于本企业');
    });

    it("lists the demo enterprise's declarations in several states, filtered by status", async () => {
      const { body } = await get(demo, 'page?pageSize=100');
      const byStatus = Object.fromEntries(body.data.records.map((r: any) => [r.status, r]));
      expect(Object.keys(byStatus).sort()).toEqual(['approved', 'draft', 'refused', 'returned', 'submitted']);
      expect(byStatus.returned).toMatchObject({ canEdit: true, reviewNote: expect.any(String) });
      expect(byStatus.approved).toMatchObject({ canEdit: false, canEvaluate: true, evaluation: null });
      expect(byStatus.refused).toMatchObject({ canEvaluate: false, evaluation: { level: 3, levelText: '基本满意' } });
      const only = await get(demo, 'page?status=draft');
      expect(only.body.data.records.map((r: any) => r.status)).toEqual(['draft']);
    });

    it('takes one evaluation after a review result', async () => {
      const form = await completeForm(b, '2026年度综合保税区企业研发投入补助', (await t().db.selectFrom('enterprise').select('uscc').where('id', '=', b.enterpriseId).executeTakeFirstOrThrow()).uscc);
      const id = (await post(b, 'add', { ...form, enterpriseName: '上海乙方新材料有限公司' })).body.data.id;
      const early = await post(b, 'evaluate', { id, level: 1 });
      expect(early.status).toBe(409);
      expect(early.body.msg).toBe('审核结果出来后才能评价');
      await t().app.services.declareEntConsole.review(reviewer, { id, result: 'approved', amountApproved: 30 });
      expect((await post(b, 'evaluate', { id, level: 4 })).body.data.fields.comment).toBeDefined();
      expect((await post(b, 'evaluate', { id, level: 1, comment: '审核很快' })).status).toBe(200);
      const d = (await get(b, `detail?id=${id}`)).body.data;
      expect(d).toMatchObject({ status: 'approved', evaluation: { level: 1, levelText: '非常满意', comment: '审核很快' }, canEvaluate: false });
      const twice = await post(b, 'evaluate', { id, level: 2 });
      expect(twice.status).toBe(409);
      expect(twice.body.msg).toMatch(/只能评价一次/);
    });

    it('lets an enterprise declare again once the earlier one was refused', async () => {
      const p = project['保税维修业务试点企业扶持'];
      const first = (await post(b, 'add', { projectId: p.id })).body.data.id;
      const form = await completeForm(b, '保税维修业务试点企业扶持', (await t().db.selectFrom('enterprise').select('uscc').where('id', '=', b.enterpriseId).executeTakeFirstOrThrow()).uscc);
      expect((await post(b, 'edit', { ...form, id: first })).status).toBe(200);
      await t().app.services.declareEntConsole.review(reviewer, { id: first, result: 'refused', note: '未取得保税维修业务试点资格' });
      await expect(t().app.services.declareEntConsole.review(reviewer, { id: first, result: 'approved', amountApproved: 1 })).rejects.toMatchObject({ code: 409 });
      expect((await post(b, 'add', { projectId: p.id })).status).toBe(200);
    });
  },
  async (t) => seedDemo(t.db),
);
