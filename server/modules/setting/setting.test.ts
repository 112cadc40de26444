import { expect, it } from 'vitest';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

const site = {
  platformName: '测试综合保税区企业服务平台',
  footerText: '地址：测试路 1 号　咨询电话：021-55550000',
  govName: '测试综合保税区管理委员会',
  govUrl: 'https://gov.example.cn/',
  support: '测试企业服务局',
  builder: '测试信息技术有限公司',
  icp: '沪ICP备12345678号-2',
  psb: '沪公网安备 31000000009999号',
  govCode: '3100009999',
  errorReportUrl: 'https://zfwzzc.example.cn/',
  qrCodes: [
    { label: '服务号', url: 'https://wx.example.cn/a' },
    { label: '小程序', url: 'https://mini.example.cn/b' },
  ],
};
const save = (t: TestApp, headers: object, body: object) =>
  t.call({ method: 'POST', url: '/console/api/setting/site/save', headers: headers as Record<string, string>, payload: body });

describeEachDb('管理后台 · 站点设置', (t) => {
  it('lets a sysadmin read and change the settings; the platform info, QR codes and cache_version follow', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const current = await t().call({ method: 'GET', url: '/console/api/setting/site', headers: admin.headers });
    expect(current.body.data).toMatchObject({ platformName: t().app.config.site.platformName, footerText: '' });
    const before = (await t().call({ method: 'GET', url: '/uaa/api/ua/platform/info' })).body.data;

    const saved = await save(t(), admin.headers, site);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(site);
    const after = (await t().call({ method: 'GET', url: '/uaa/api/ua/platform/info' })).body.data;
    expect(after.name).toBe(site.platformName);
    expect(Number(after.cache_version)).toBe(Number(before.cache_version) + 1);
    expect((await t().call({ method: 'GET', url: '/console/api/setting/site', headers: admin.headers })).body.data).toEqual(site);
    // The QR image now encodes the new target: different bytes from the old one.
    const qr = await t().app.inject({ method: 'GET', url: '/uaa/api/ua/platform/qr/1' });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    await save(t(), admin.headers, { ...site, qrCodes: [site.qrCodes[0], { label: '小程序', url: 'https://other.example.cn/c' }] });
    expect((await t().app.inject({ method: 'GET', url: '/uaa/api/ua/platform/qr/1' })).body).not.toBe(qr.body);
  });

  it('answers 400 with a message per field', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    const bad = await save(t(), admin.headers, { ...site, platformName: '', govUrl: 'javascript:alert(1)', govCode: '12', qrCodes: [site.qrCodes[0]] });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      platformName: '请输入平台名称',
      govUrl: '主办单位网址须为 http:// 或 https:// 开头的完整网址',
      govCode: '网站标识码须为 6 至 20 位数字或字母',
      qrCodes: '请填写两个二维码',
    });
    const long = await save(t(), admin.headers, { ...site, footerText: '长'.repeat(201) });
    expect(long.body.data.fields).toMatchObject({ footerText: '页脚说明不能超过 200 个字' });
  });

  it('refuses every role but the sysadmin', async () => {
    for (const role of ['editor', 'reviewer', 'publisher', 'auditor'] as const) {
      const who = await staffLogin(t(), role);
      expect((await t().call({ method: 'GET', url: '/console/api/setting/site', headers: who.headers })).status, role).toBe(403);
      expect((await save(t(), who.headers, site)).status, role).toBe(403);
    }
  });

  it('writes an audit row with the changed fields', async () => {
    const admin = await staffLogin(t(), 'sysadmin');
    await save(t(), admin.headers, { ...site, footerText: '审计用页脚' });
    const row = await t().db.selectFrom('auditLog').selectAll().where('staffId', '=', admin.staff.id).where('action', '=', 'setting.site.save').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ objectType: 'setting', result: 'ok' });
    expect(row.changes).toContain('审计用页脚');
  });
});
