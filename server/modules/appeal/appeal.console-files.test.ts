import { beforeAll, expect, it } from 'vitest';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { multipartFile, SAMPLES } from '#tests/helpers/multipart.ts';
import { createDepartment, createStaff, staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

describeEachDb('诉求工单的附件（管理后台）', (t) => {
  let ent: SignedUp;
  let other: SignedUp;
  let dispatcher: StaffSession;
  let handler: StaffSession;
  let otherHandler: StaffSession;
  let editor: StaffSession;
  let dept: number;

  beforeAll(async () => {
    ent = await signUpAndLogin(t(), { enterpriseName: '上海外高桥精密机械有限公司' });
    other = await signUpAndLogin(t(), { enterpriseName: '上海洋山港国际物流有限公司' });
    dept = await createDepartment(t(), '规划建设处');
    dispatcher = await staffLogin(t(), 'dispatcher');
    handler = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: dept }));
    otherHandler = await staffLogin(t(), await createStaff(t(), { role: 'handler', departmentId: await createDepartment(t(), '财政金融处') }));
    editor = await staffLogin(t(), 'editor');
  });

  const upload = async (url: string, headers: Record<string, string>, name: string) => {
    const part = multipartFile(name, SAMPLES.pdf());
    return t().call({ method: 'POST', url, headers: { ...headers, ...part.headers }, payload: part.payload });
  };
  const act = (who: StaffSession, name: string, payload: object) => t().call({ method: 'POST', url: `/console/api/appeal/${name}`, payload, headers: who.headers });
  const staffFile = (who: StaffSession, id: number, path: string) =>
    t().call({ method: 'GET', url: `/console/api/appeal/file?id=${id}&filePath=${encodeURIComponent(path)}`, headers: who.headers });
  const entFile = (who: SignedUp, path: string) => t().call({ method: 'GET', url: `/uaa/api/download/file?filePath=${encodeURIComponent(path)}`, headers: who.headers });

  it('lets staff who may open the work order read its files, and hands the reply attachments to the enterprise', async () => {
    const evidence = (await upload('/uaa/api/upload/file', ent.headers, '现场照片说明.pdf')).body.data;
    const save = await t().call({
      method: 'POST',
      url: '/api/appeal/save',
      headers: ent.headers,
      payload: { title: '厂区门前道路积水影响货车通行', type: 'logistics', content: '雨天厂区门前道路积水严重，货车无法正常进出，希望尽快疏通排水。', contactName: '钱经理', contactPhone: '13912345678', attachments: [evidence] },
    });
    const id = save.body.data.id as number;

    // The enterprise's private upload opens for the dispatcher through the work order, and only through it.
    const seen = await staffFile(dispatcher, id, evidence.path);
    expect(seen.status).toBe(200);
    expect(seen.headers['content-disposition']).toContain(encodeURIComponent('现场照片说明.pdf'));
    expect(seen.headers['cache-control']).toMatch(/no-store/);
    expect((await staffFile(dispatcher, id, 'u/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    // Before assignment a handler reaches neither the work order nor its files.
    expect((await staffFile(handler, id, evidence.path)).status).toBe(404);

    await act(dispatcher, 'accept', { id });
    await act(dispatcher, 'assign', { id, departmentId: dept });
    await act(handler, 'sign', { id });
    expect((await staffFile(handler, id, evidence.path)).status).toBe(200);
    expect((await staffFile(otherHandler, id, evidence.path)).status).toBe(404);

    expect((await upload('/console/api/appeal/upload', editor.headers, '答复函.pdf')).status).toBe(403);
    const up = await upload('/console/api/appeal/upload', handler.headers, '排水整改答复函.pdf');
    expect(up.status).toBe(200);
    const letter = up.body.data;
    // Not public: until the reply hands it over, no enterprise may read it.
    expect((await entFile(ent, letter.path)).status).toBe(404);

    const replied = await act(handler, 'reply', { id, reply: '已协调市政部门疏通排水管道，并在门前加设雨水篦子。', attachments: [letter] });
    expect(replied.status, replied.body.msg).toBe(200);
    expect((await entFile(ent, letter.path)).status).toBe(200);
    expect((await entFile(other, letter.path)).status).toBe(404);
    expect((await staffFile(handler, id, letter.path)).status).toBe(200);

    const audit = await t().db.selectFrom('auditLog').select(['action', 'result']).where('action', 'in', ['appeal.file', 'appeal.upload']).execute();
    expect(audit.filter((a) => a.action === 'appeal.upload' && a.result === 'ok')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'appeal.file').length).toBeGreaterThanOrEqual(4);
  });
});
