import { expect, it } from 'vitest';
import { seedDemo } from '#server/db/seed/index.ts';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const post = (t: TestApp, url: string, headers: object, payload: object) =>
  t.call({ method: 'POST', url: `/console/api/declare-project/${url}`, headers: headers as Record<string, string>, payload });
const publicList = async (t: TestApp, keyword: string) =>
  (await t.call({ method: 'GET', url: `/uaa/api/ua/declare-project/page?keyword=${encodeURIComponent(keyword)}` })).body.data.records as { id: number; name: string }[];
const publicDetail = (t: TestApp, id: number) => t.call({ method: 'GET', url: `/uaa/api/ua/declare-project/detail?id=${id}` });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
const project = (name: string) => ({
  name,
  category: 'tech',
  department: '科技创新局',
  amountMin: 10,
  amountMax: 50.5,
  applyStart: day(-1),
  applyEnd: day(30),
  conditions: '注册在区内、近一年研发投入不低于 100 万元的企业',
  content: '<p>支持企业开展研发。</p><script>alert(1)</script>',
  materials: [
    { name: '项目申报书', required: true, templateType: 'declaration' },
    { name: '研发费用明细', required: false },
  ],
});

describeEachDb(
  '管理后台 · 申报项目',
  (t) => {
    it('lets a reviewer create a project kept private, publish it (public at once), change its materials and template, and take it down', async () => {
      const reviewer = await staffLogin(t(), 'reviewer');
      await publicList(t(), '研发'); // the list is now kept under the content version
      const created = await post(t(), 'save', reviewer.headers, project('研发后补助专项'));
      expect([created.status, created.body.msg]).toEqual([200, '申报项目已保存']);
      const id = created.body.data.id as number;
      expect(await publicList(t(), '研发后补助')).toEqual([]);
      expect((await publicDetail(t(), id)).status).toBe(404);

      const before = await contentVersion(t().kv);
      const published = await post(t(), 'enable', reviewer.headers, { id });
      expect(published.body.msg).toBe('已发布，企业现在可以看到并申报该项目');
      expect(await contentVersion(t().kv)).not.toBe(before);
      expect((await publicList(t(), '研发后补助')).map((p) => p.id)).toEqual([id]);
      const detail = (await publicDetail(t(), id)).body.data;
      expect(detail).toMatchObject({ amountMin: 10, amountMax: 50.5, status: 'open', categoryText: '科技创新' });
      expect(detail.content).toBe('<p>支持企业开展研发。</p>');
      expect(detail.materials.map((m: any) => [m.name, m.required, m.templateType, m.template])).toEqual([
        ['项目申报书', true, 'declaration', null],
        ['研发费用明细', false, null, null],
      ]);

      // An uploaded template replaces nothing else; a line keeps its id, a new line is added, a removed one goes.
      const file = multipartFile('研发费用明细表.xlsx', SAMPLES.zip());
      const upload = await t().call({ method: 'POST', url: '/console/api/files/upload', headers: { ...reviewer.headers, ...file.headers }, payload: file.payload });
      expect(upload.status).toBe(200);
      const [first, second] = detail.materials as { id: number }[];
      const changed = await post(t(), 'save', reviewer.headers, {
        ...project('研发后补助专项（2026 年）'),
        id,
        materials: [
          { id: second!.id, name: '研发费用明细', required: true, template: upload.body.data },
          { name: '知识产权证明', required: false },
        ],
      });
      expect(changed.status).toBe(200);
      const after = (await publicDetail(t(), id)).body.data;
      expect(after.name).toBe('研发后补助专项（2026 年）');
      expect(after.materials.map((m: any) => [m.id === second!.id, m.name, m.required, m.template?.name ?? null])).toEqual([
        [true, '研发费用明细', true, '研发费用明细表.xlsx'],
        [false, '知识产权证明', false, null],
      ]);
      expect(after.materials.map((m: any) => m.id)).not.toContain(first!.id);
      const download = await t().call({ method: 'GET', url: `/uaa/api/download/file?filePath=${encodeURIComponent(after.materials[0].template.path)}` });
      expect(download.status).toBe(200);

      const listed = await post(t(), 'pages', reviewer.headers, { keyword: '研发后补助', status: 'enabled' });
      expect(listed.body.data.records[0]).toMatchObject({ id, enabled: true, declarations: 0, amountMax: 50.5 });
      expect(listed.body.data.records[0].materials).toHaveLength(2);

      expect((await post(t(), 'disable', reviewer.headers, { id })).body.msg).toBe('已下线，门户不再显示该项目');
      expect(await publicList(t(), '研发后补助')).toEqual([]);
      expect((await publicDetail(t(), id)).body.msg).toBe('该申报项目不存在或已下线');
    });

    it('answers 409 for a second publish or take-down and for removing a material enterprises have declared with', async () => {
      const reviewer = await staffLogin(t(), 'reviewer');
      const id = (await post(t(), 'save', reviewer.headers, project('重复发布测试项目'))).body.data.id;
      const down = await post(t(), 'disable', reviewer.headers, { id });
      expect([down.status, down.body.msg]).toEqual([409, '该项目未发布或已下线，无需再次下线']);
      await post(t(), 'enable', reviewer.headers, { id });
      const again = await post(t(), 'enable', reviewer.headers, { id });
      expect([again.status, again.body.msg]).toEqual([409, '该项目已发布，无需再次发布']);
      expect((await post(t(), 'enable', reviewer.headers, { id: 999999 })).status).toBe(404);

      // A demo project enterprises have declared for keeps its materials.
      const seeded = (await post(t(), 'pages', reviewer.headers, { pageSize: 100 })).body.data.records.find((p: any) => p.declarations > 0 && p.materials.length > 1);
      const kept = seeded.materials.slice(1).map((m: any) => ({ id: m.id, name: m.name, required: m.required, templateType: m.templateType }));
      const refused = await post(t(), 'save', reviewer.headers, {
        ...project(seeded.name),
        id: seeded.id,
        category: seeded.category,
        materials: kept,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe(`已有企业申报该项目，不能删除材料“${seeded.materials[0].name}”；不再需要时可改为选填`);
      const optional = await post(t(), 'save', reviewer.headers, {
        ...project(seeded.name),
        id: seeded.id,
        category: seeded.category,
        materials: seeded.materials.map((m: any) => ({ id: m.id, name: m.name, required: false, templateType: m.templateType })),
      });
      expect(optional.status).toBe(200);
    });

    it('answers 400 with a message per field', async () => {
      const reviewer = await staffLogin(t(), 'reviewer');
      const bad = await post(t(), 'save', reviewer.headers, {
        name: '',
        category: '',
        department: '',
        amountMin: 60,
        amountMax: 10,
        applyStart: day(5),
        applyEnd: day(1),
        conditions: '',
        content: '<p></p>',
        materials: [{ name: '', templateType: 'nope' }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.data.fields).toMatchObject({
        name: '请填写项目名称',
        category: '请选择项目类别',
        department: '请填写主管部门',
        conditions: '请填写申报条件',
        content: '请填写项目说明',
        'materials.0.name': '请填写材料名称',
        'materials.0.templateType': '模板类型有误',
      });
      const order = await post(t(), 'save', reviewer.headers, { ...project('金额顺序'), amountMin: 60, amountMax: 10, applyStart: day(5), applyEnd: day(1) });
      expect(order.body.data.fields).toMatchObject({ amountMax: '最高金额不能低于最低金额', applyEnd: '申报截止日期不能早于开始日期' });
      const unknown = await post(t(), 'save', reviewer.headers, { ...project('未知类别'), category: 'no_such' });
      expect([unknown.status, unknown.body.data.fields]).toEqual([400, { category: '项目类别不存在，请重新选择' }]);
      const foreign = await post(t(), 'save', reviewer.headers, { ...project('外来模板'), materials: [{ name: '模板', template: { name: 'x.pdf', path: 'uploads/not-mine.pdf' } }] });
      expect(foreign.status).toBe(400);
      expect(foreign.body.data.fields['materials.0.template']).toBe('附件“x.pdf”不是在管理后台上传的文件，请重新上传');
    });

    it('refuses an editor, a sysadmin and an auditor, and audits each write', async () => {
      for (const role of ['editor', 'sysadmin', 'auditor'] as const) {
        const who = await staffLogin(t(), role);
        for (const [url, body] of [['pages', {}], ['save', project('越权')], ['enable', { id: 1 }]] as const) {
          const res = await post(t(), url, who.headers, body);
          expect([res.status, res.body.msg], `${role} ${url}`).toEqual([403, '对不起，您没有权限访问']);
        }
      }
      const reviewer = await staffLogin(t(), 'reviewer');
      const id = (await post(t(), 'save', reviewer.headers, project('审计项目'))).body.data.id;
      await post(t(), 'enable', reviewer.headers, { id });
      await post(t(), 'enable', reviewer.headers, { id });
      const rows = await t().db.selectFrom('auditLog').selectAll().where('staffId', '=', reviewer.staff.id).where('objectType', '=', 'declare-project').orderBy('id').execute();
      expect(rows.map((r) => [r.action, r.objectId, r.result])).toEqual([
        ['declare-project.save', String(id), 'ok'],
        ['declare-project.enable', String(id), 'ok'],
        ['declare-project.enable', String(id), 'failed'],
      ]);
      expect(rows[0]!.changes).toContain('审计项目');
    });
  },
  async (t) => seedDemo(t.db),
);
