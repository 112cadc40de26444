import { expect, it } from 'vitest';
import { signUpAndLogin } from '#tests/helpers/auth.ts';
import { createDepartment, createStaff, staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

/**
 * Who acted, in one rule (issue 43, bug 11; docs/console.md "Workflows"): every step the bureau
 * takes is signed with the office, 企业服务局 and the staff member's department, which the console
 * header shows too; the enterprise never sees a staff member's name, staff see it beside the office.
 */
describeEachDb('诉求时间线：署名为部门，不显示工作人员姓名', (t) => {
  it('signs the dispatcher’s and the handler’s steps with their departments, names only for staff', async () => {
    const ent = await signUpAndLogin(t(), { enterpriseName: '上海外高桥署名测试有限公司' });
    const service = await createDepartment(t(), '企业服务科');
    const port = await createDepartment(t(), '口岸服务科');
    const dispatcher = await staffLogin(t(), await createStaff(t(), { role: 'dispatcher', name: '赵强', departmentId: service }));
    const handler = await staffLogin(t(), await createStaff(t(), { role: 'handler', name: '孙丽', departmentId: port }));
    const filed = await t().call({
      method: 'POST',
      url: '/api/appeal/save',
      headers: ent.headers,
      payload: { title: '夜间装卸作业许可协调', type: 'logistics', content: '我司冷链货物多在夜间到港，希望协调办理夜间作业许可。', contactName: '周经理', contactPhone: '13912340000', isPublic: false },
    });
    expect(filed.status, filed.body.msg).toBe(200);
    const id = filed.body.data.id as number;
    const act = async (who: typeof dispatcher, name: string, payload: object) => {
      const res = await t().call({ method: 'POST', url: `/console/api/appeal/${name}`, payload: { id, ...payload }, headers: who.headers });
      expect(res.status, `${name}: ${res.body.msg}`).toBe(200);
    };
    await act(dispatcher, 'accept', {});
    await act(dispatcher, 'assign', { departmentId: port });
    await act(handler, 'sign', {});

    // The header's department is the timeline's.
    const me = (await t().call({ method: 'GET', url: '/console/api/auth/me', headers: dispatcher.headers })).body.data;
    expect(me.department.name).toBe('企业服务科');

    const seen = await t().call({ method: 'GET', url: `/admin/appeal?id=${id}`, headers: ent.headers });
    const steps = (seen.body.data.timeline as { action: string; actor: string }[]).filter((e) => e.action !== 'submitted').map((e) => [e.action, e.actor]);
    expect(steps).toEqual([
      ['accepted', '企业服务局·企业服务科'],
      ['assigned', '企业服务局·企业服务科'],
      ['signed', '企业服务局·口岸服务科'],
    ]);
    expect(JSON.stringify(seen.body)).not.toMatch(/赵强|孙丽/);

    const staffSide = await t().call({ method: 'GET', url: `/console/api/appeal/detail?id=${id}`, headers: dispatcher.headers });
    const accepted = (staffSide.body.data.timeline as { action: string; actor: string; staffName: string }[]).find((e) => e.action === 'accepted')!;
    expect([accepted.actor, accepted.staffName]).toEqual(['企业服务局·企业服务科', '赵强']);
  });
});
