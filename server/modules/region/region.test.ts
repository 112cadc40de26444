import { expect, it } from 'vitest';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const base = '/uaa/api/states';

describeEachDb('行政区划 API', (t) => {
  const get = (path: string) => t().call({ method: 'GET', url: `${base}${path}` });

  it('lists the 34 provincial divisions, 台湾, 香港 and 澳门 included, cacheable for a day', async () => {
    const { status, body, headers } = await get('/provinces');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=86400');
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(body.code).toBe(0);
    expect(body.data).toHaveLength(34);
    expect(body.data.map((p: any) => p.name)).toEqual(expect.arrayContaining(['北京市', '上海市', '广东省', '台湾省', '香港特别行政区', '澳门特别行政区']));
    for (const p of body.data) {
      expect(Object.keys(p).sort()).toEqual(['id', 'name']);
      expect(p.id).toMatch(/^\d{2}0000$/);
    }
  });

  it('walks 上海市 / 上海市 / 浦东新区 and a prefecture path', async () => {
    const cities = await get('/provinces/310000/cities');
    expect(cities.body.data).toEqual([{ id: '310100', name: '上海市' }]);
    const counties = await get('/provinces/cities/310100/counties');
    expect(counties.body.data).toContainEqual({ id: '310115', name: '浦东新区' });
    expect(counties.body.data).toHaveLength(16);
    const gd = await get('/provinces/440000/cities');
    expect(gd.body.data).toContainEqual({ id: '440300', name: '深圳市' });
    const sz = await get('/provinces/cities/440300/counties');
    expect(sz.body.data).toContainEqual({ id: '440305', name: '南山区' });
    expect(sz.body.data.map((c: any) => c.name)).not.toContain('市辖区');
  });

  it('handles the other municipalities, special regions and places without a county level', async () => {
    const cq = await get('/provinces/cities/500100/counties');
    expect(cq.body.data).toEqual(expect.arrayContaining([{ id: '500101', name: '万州区' }, { id: '500238', name: '巫溪县' }]));
    expect((await get('/provinces/110000/cities')).body.data).toEqual([{ id: '110100', name: '北京市' }]);
    expect((await get('/provinces/810000/cities')).body.data).toEqual([{ id: '810000', name: '香港特别行政区' }]);
    expect((await get('/provinces/cities/810000/counties')).body.data).toHaveLength(18);
    expect((await get('/provinces/cities/820000/counties')).body.data).toHaveLength(8);
    expect((await get('/provinces/710000/cities')).body.data).toEqual([]);
    expect((await get('/provinces/cities/441900/counties')).body.data).toEqual([]);
    const hubei = await get('/provinces/420000/cities');
    expect(hubei.body.data.at(-1)).toEqual({ id: '429000', name: '省直辖县级行政区划' });
    expect((await get('/provinces/cities/429000/counties')).body.data).toContainEqual({ id: '429004', name: '仙桃市' });
    expect((await get('/provinces/650000/cities')).body.data.at(-1).name).toBe('自治区直辖县级行政区划');
  });

  it('answers 404 in the envelope for unknown and malformed ids', async () => {
    for (const path of [
      '/provinces/999999/cities',
      '/provinces/abc/cities',
      '/provinces/31000/cities',
      '/provinces/3100000/cities',
      '/provinces/310100/cities',
      '/provinces/%F0%9F%98%80/cities',
      '/provinces/cities/310000/counties',
      '/provinces/cities/310199/counties',
      "/provinces/cities/1'%20or%201=1/counties",
    ]) {
      const { status, body, headers } = await get(path);
      expect(status, path).toBe(404);
      expect(body, path).toMatchObject({ code: 404, data: null });
      expect(body.msg, path).toMatch(/^未找到/);
      expect(headers['cache-control'], path).not.toBe('public, max-age=86400');
    }
  });

  it('serves the whole tree with the same entries as the level calls', async () => {
    const { status, body, headers } = await get('/data/json');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=86400');
    const tree = body.data;
    expect(tree).toHaveLength(34);
    const provinces = (await get('/provinces')).body.data;
    expect(tree.map((p: any) => ({ id: p.id, name: p.name }))).toEqual(provinces);
    const sh = tree.find((p: any) => p.id === '310000');
    expect(sh.children[0].children.find((c: any) => c.id === '310115').name).toBe('浦东新区');
    expect(tree.find((p: any) => p.id === '710000').children).toEqual([]);
    let counties = 0;
    for (const p of tree) {
      expect(Array.isArray(p.children)).toBe(true);
      for (const c of p.children) {
        expect(c.id).toMatch(/^\d{6}$/);
        expect(Array.isArray(c.children)).toBe(true);
        for (const county of c.children) {
          expect(county.id).toMatch(/^\d{6}$/);
          expect(county.name).not.toBe('市辖区');
          expect(county).not.toHaveProperty('children');
          counties++;
        }
      }
    }
    expect(counties).toBeGreaterThan(2800);
    const zj = (await get('/provinces/330000/cities')).body.data;
    expect(tree.find((p: any) => p.id === '330000').children.map((c: any) => ({ id: c.id, name: c.name }))).toEqual(zj);
  });

  it('names codes and checks paths for addresses', () => {
    const { region } = t().app.services;
    expect(region.nameOf('310115')).toBe('浦东新区');
    expect(region.nameOf('310100')).toBe('上海市');
    expect(region.nameOf('999999')).toBeNull();
    expect(region.nameOf(null)).toBeNull();
    expect(region.pathName('310000', '310100', '310115')).toBe('上海市浦东新区');
    expect(region.pathName('440000', '440300', '440305')).toBe('广东省深圳市南山区');
    expect(region.pathName('440000', '441900', null)).toBe('广东省东莞市');
    expect(region.isPath('310000', '310100', '310115')).toBe(true);
    expect(region.isPath('440000', '441900', null)).toBe(true);
    expect(region.isPath('710000', '', null)).toBe(true);
    expect(region.isPath('310000', '310100', '440305')).toBe(false);
    expect(region.isPath('440000', '440300', null)).toBe(false);
    expect(region.isPath('440000', '310100', '310115')).toBe(false);
    expect(region.isPath('999999', '310100', '310115')).toBe(false);
  });
});
