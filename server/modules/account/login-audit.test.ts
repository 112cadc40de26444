import { expect, it } from 'vitest';
import { apiClient, signUpAndLogin, uniquePhone } from '#tests/helpers/auth.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

describeEachDb('failed enterprise sign-ins in the audit log', (t) => {
  it('are failures with the attempted account, masked, so that a search by result finds brute force', async () => {
    const user = await signUpAndLogin(t());
    const stranger = uniquePhone();
    const c = apiClient(t());
    expect((await c.login(user.phone, 'Wrong#Pass1')).status).toBe(400);
    expect((await c.login(stranger, 'Wrong#Pass1')).status).toBe(400);
    expect((await c.login('nobody', 'Wrong#Pass1')).status).toBe(400);

    const auditor = await staffLogin(t(), 'auditor');
    const failed = await t().call({ method: 'POST', url: '/console/api/audit/pages', headers: auditor.headers, payload: { action: 'login_failed', result: 'failed', pageSize: 50 } });
    expect(failed.status).toBe(200);
    const rows = failed.body.data.records as { loginName: string; actorType: string; result: string }[];
    expect(rows.map((r) => r.loginName)).toEqual(expect.arrayContaining([masked(user.phone), masked(stranger), '******']));
    expect(rows.every((r) => r.result === 'failed' && r.actorType === 'user')).toBe(true);
    // Nothing typed into the account field is kept in clear.
    expect(JSON.stringify(rows)).not.toContain(stranger);
    expect(JSON.stringify(rows)).not.toContain('nobody');

    // A successful sign-in stays a success.
    expect((await c.login(user.phone, user.password)).status).toBe(200);
    const ok = await t().call({ method: 'POST', url: '/console/api/audit/pages', headers: auditor.headers, payload: { action: 'login', result: 'ok', loginName: user.phone } });
    expect(ok.body.data.total).toBeGreaterThan(0);
  });
});
