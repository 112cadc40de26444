import { expect, it } from 'vitest';
import { AUDIT_ACTION_TEXT, AUDIT_OBJECT_TEXT } from '#contract/audit.ts';
import { CONSOLE_API_PREFIX } from '#contract/staff.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';
import { ENTERPRISE_AUDIT_ACTIONS } from '../account/account-audit.ts';
import { STAFF_AUTH_AUDIT_ACTIONS } from '../console-auth/console-auth.service.ts';

/**
 * The auditor reads every row in Chinese (docs/console.md "Audit"). Route rows are named after the URL
 * (or the route's audit config), so the catalogue is the app's own routes: a staff member without
 * any of their permissions calls each one, and each refusal writes the row under the very name a
 * permitted call would.
 */
describeEachDb('audit labels', (t) => {
  it('has a Chinese label for every action the server writes', async () => {
    const doc = t().app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(doc.paths)
      // Signing out would end the session mid-way; its row is a sign-in event (below).
      .filter(([path]) => path.startsWith(CONSOLE_API_PREFIX) && path !== `${CONSOLE_API_PREFIX}auth/logout`)
      .flatMap(([path, ops]) => Object.keys(ops).filter((m) => m !== 'head').map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })));
    expect(calls.length).toBeGreaterThan(50);
    // The auditor holds no business permission; the sysadmin, none of the audit log's.
    for (const role of ['auditor', 'sysadmin'] as const) {
      const { headers } = await staffLogin(t(), role);
      for (const c of calls) await t().app.inject({ method: c.method as 'GET', url: c.url, headers, ...(c.method === 'GET' ? {} : { payload: {} }) });
    }
    const written = (await t().db.selectFrom('auditLog').select('action').distinct().execute()).map((r) => r.action);
    expect(written.length).toBeGreaterThan(50);
    const actions = [...new Set([...written, ...ENTERPRISE_AUDIT_ACTIONS, ...STAFF_AUTH_AUDIT_ACTIONS])];
    expect(actions.filter((a) => !AUDIT_ACTION_TEXT[a]).sort()).toEqual([]);
    // Labels read as Chinese, not as codes.
    for (const a of actions) expect(AUDIT_ACTION_TEXT[a], a).toMatch(/^[\u4e00-\u9fa5（）/、·]+$/);
    const objects = (await t().db.selectFrom('auditLog').select('objectType').distinct().execute()).flatMap((r) => (r.objectType ? [r.objectType] : []));
    expect(objects.filter((o) => !AUDIT_OBJECT_TEXT[o]).sort()).toEqual([]);
  });
});
