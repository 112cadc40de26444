import { expect, it } from 'vitest';
import { createStaff, staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

/** The audit log a person can read (issue 43): a staff row names the person, not only the account. */
describeEachDb('审计日志：工作人员姓名', (t) => {
  it('answers each staff row with the account’s name beside its login', async () => {
    const someone = await createStaff(t(), { role: 'editor', name: '陈晓明' });
    await staffLogin(t(), someone);
    const auditor = await staffLogin(t(), 'auditor');
    const res = await t().call({ method: 'POST', url: '/console/api/audit/pages', payload: { loginName: someone.loginName, action: 'staff.login' }, headers: auditor.headers });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.records.length).toBeGreaterThan(0);
    for (const r of res.body.data.records) expect([r.loginName, r.staffName]).toEqual([someone.loginName, '陈晓明']);
  });
});
