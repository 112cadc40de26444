import { expect, it } from 'vitest';
import { DICT_CODES } from '#contract/dict.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const options = (code: string) => `/api/dict/parent?code=${encodeURIComponent(code)}`;

describeEachDb('字典 API', (t) => {
  it('answers every shipped dictionary as [{ text, id }] without any demo data', async () => {
    for (const code of DICT_CODES) {
      const { status, body } = await t().call({ method: 'GET', url: options(code) });
      expect(status, code).toBe(200);
      expect(body.data.length, code).toBeGreaterThan(0);
      for (const o of body.data) expect(Object.keys(o).sort()).toEqual(['id', 'text']);
    }
  });

  it('keeps the options in their order', async () => {
    const appeal = await t().call({ method: 'GET', url: options('appeal_type') });
    expect(appeal.body.data.map((o: any) => o.text)).toEqual(['政策咨询', '融资需求', '用工需求', '审批服务', '通关物流', '用地用房', '其他']);
    const levels = await t().call({ method: 'GET', url: options('policy_level') });
    expect(levels.body.data).toEqual([
      { text: '国家级', id: 'national' },
      { text: '省级', id: 'provincial' },
      { text: '市级', id: 'municipal' },
      { text: '区级', id: 'district' },
    ]);
    const scale = await t().call({ method: 'GET', url: options('enterprise_scale') });
    expect(scale.body.data.map((o: any) => o.text)).toEqual(['大型', '中型', '小型', '微型']);
    const industry = await t().call({ method: 'GET', url: options('industry') });
    expect(industry.body.data).toHaveLength(20);
    expect(industry.body.data[2]).toEqual({ text: '制造业', id: 'C' });
  });

  it('answers 404 for an unknown code and 400 without one', async () => {
    for (const code of ['no_such_dict', "appeal_type' or '1'='1", '😀', 'APPEAL_TYPE']) {
      const { status, body } = await t().call({ method: 'GET', url: options(code) });
      expect(status, code).toBe(404);
      expect(body).toMatchObject({ code: 404, data: null });
      expect(body.msg).toContain('不存在');
    }
    const missing = await t().call({ method: 'GET', url: '/api/dict/parent' });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields.code).toBe('请提供字典编码 code');
    const tooLong = await t().call({ method: 'GET', url: options('x'.repeat(51)) });
    expect(tooLong.status).toBe(400);
  });

  it('labels option ids for other services', async () => {
    const { dict } = t().app.services;
    expect(await dict.label('policy_level', 'national')).toBe('国家级');
    expect(await dict.label('appeal_type', 'logistics')).toBe('通关物流');
    expect(await dict.label('appeal_type', 'nope')).toBeNull();
    expect(await dict.label('appeal_type', null)).toBeNull();
    expect((await dict.labels('enterprise_scale')).get('micro')).toBe('微型');
  });

  it('saves an option, bumps cache_version, and keeps the label of a disabled one', async () => {
    const { dict } = t().app.services;
    const before = (await t().call({ method: 'GET', url: '/uaa/api/ua/platform/info' })).body.data.cache_version;
    await dict.saveOption('declare_category', { id: 'culture', text: '文化创意', sort: 5 });
    const added = await t().call({ method: 'GET', url: options('declare_category') });
    expect(added.body.data[0]).toEqual({ text: '文化创意', id: 'culture' });
    const after = (await t().call({ method: 'GET', url: '/uaa/api/ua/platform/info' })).body.data.cache_version;
    expect(after).not.toBe(before);

    await dict.saveOption('declare_category', { id: 'culture', text: '文化创意', enabled: false });
    const disabled = await t().call({ method: 'GET', url: options('declare_category') });
    expect(disabled.body.data.map((o: any) => o.id)).not.toContain('culture');
    expect(await dict.label('declare_category', 'culture')).toBe('文化创意');

    await expect(dict.saveOption('no_such_dict', { id: 'x', text: 'x' })).rejects.toMatchObject({ code: 404 });
    await expect(dict.saveOption('declare_category', { id: 'bad id!', text: 'x' })).rejects.toThrow();
  });
});
