import { randomInt } from 'node:crypto';
import { STAFF_ROLES, type StaffRole } from '#contract/permissions.ts';
import { CONSOLE_ACCESS_COOKIE } from '#contract/staff.ts';
import { FIXED_CAPTCHA } from '#server/platform/auth/captcha.ts';
import { hashPassword } from '#server/platform/auth/password.ts';
import { FIXED_SMS_CODE } from '#server/platform/sms/sms.ts';
import * as repo from '#server/modules/staff/staff.repository.ts';
import { findRolesByCode } from '#server/modules/staff-role/staff-role.repository.ts';
import { insertDepartment } from '#server/modules/department/department.repository.ts';
import { TEST_ORIGIN, uniqueAddress } from './auth.ts';
import type { TestApp } from './test-app.ts';

/**
 * Staff accounts for API tests: `createStaff` writes one directly; `staffLogin` goes through the
 * real two-step sign-in (password + captcha, then the SMS code; DEV_FIXED_CODES gives 123456).
 */
export const STAFF_TEST_PASSWORD = 'Staff#2026ab';

export interface CreatedStaff {
  id: number;
  loginName: string;
  name: string;
  phone: string;
  password: string;
  departmentId: number | null;
}

export interface StaffOptions {
  role?: StaffRole | string;
  /** Several roles (of one kind); overrides `role`. */
  roles?: string[];
  loginName?: string;
  name?: string;
  departmentId?: number | null;
  /** Default false: a test account is past its first password change. */
  mustChangePassword?: boolean;
  status?: 'active' | 'disabled';
}

let counter = 0;
// Hashed once with cheap parameters: the parameters travel in the hash, so login still verifies it.
let cheapHash: Promise<string> | null = null;

/** A phone number no other staff account of this process has. */
function staffPhone(): string {
  counter += 1;
  return `137${String(process.pid % 100).padStart(2, '0')}${String(counter).padStart(6, '0')}`;
}

/** A department of its own for a test (a handler needs one). */
export async function createDepartment(t: TestApp, name = `测试部门${randomInt(1e6, 1e7)}`): Promise<number> {
  return insertDepartment(t.db, { name, sort: 0 });
}

export async function createStaff(t: TestApp, opts: StaffOptions = {}): Promise<CreatedStaff> {
  const roles = opts.roles ?? [opts.role ?? 'editor'];
  const phone = staffPhone();
  const loginName = opts.loginName ?? `${roles[0]}-${process.pid % 1000}-${counter}`;
  const name = opts.name ?? `${STAFF_ROLES[roles[0] as StaffRole]?.name ?? '工作人员'}${counter}`;
  const departmentId = opts.departmentId !== undefined ? opts.departmentId : roles.includes('handler') ? await createDepartment(t) : null;
  cheapHash ??= hashPassword(STAFF_TEST_PASSWORD, { N: 1024, r: 8, p: 1 });
  const id = await repo.insertStaff(t.db, { loginName, passwordHash: await cheapHash, name, phone, departmentId, mustChangePassword: opts.mustChangePassword ?? false });
  if (opts.status === 'disabled') await repo.updateStaff(t.db, id, { status: 'disabled' });
  const found = await findRolesByCode(t.db, roles);
  if (found.length !== roles.length) throw new Error(`unknown role in ${roles.join(',')}`);
  await repo.setStaffRoles(t.db, id, found.map((r) => r.id));
  return { id, loginName, name, phone, password: STAFF_TEST_PASSWORD, departmentId };
}

export interface StaffSession {
  staff: CreatedStaff;
  accessToken: string;
  refreshToken: string;
  /** The console cookie and a matching origin: pass to `t.call({ headers })`. */
  headers: { cookie: string; origin: string };
  /** The same session as `Authorization: Bearer`. */
  bearer: { authorization: string };
}

/** The first step's reply (ticket) for an account; throws unless it succeeded. */
export async function staffPasswordStep(t: TestApp, loginName: string, password: string, remoteAddress = uniqueAddress()) {
  const uuid = `test-${randomInt(1e9, 1e10)}`;
  await t.app.inject({ method: 'GET', url: `/fykj/captcha?uuid=${uuid}`, remoteAddress });
  return t.call<{ mfa: 'sms'; ticket: string; phone: string }>({
    method: 'POST',
    url: '/console/api/auth/login',
    remoteAddress,
    payload: { loginName, password, uuid, code: FIXED_CAPTCHA },
  });
}

/**
 * Signs in through both steps. A role code creates a fresh account of that role first; anything
 * else is the login name of an existing account (with `password`, default STAFF_TEST_PASSWORD).
 */
export async function staffLogin(t: TestApp, who: StaffRole | string | CreatedStaff, opts: StaffOptions & { password?: string } = {}): Promise<StaffSession> {
  const staff: CreatedStaff =
    typeof who === 'object'
      ? who
      : who in STAFF_ROLES
        ? await createStaff(t, { ...opts, role: who })
        : { id: 0, loginName: who, name: '', phone: '', password: opts.password ?? STAFF_TEST_PASSWORD, departmentId: null };
  const remoteAddress = uniqueAddress();
  const step1 = await staffPasswordStep(t, staff.loginName, opts.password ?? staff.password, remoteAddress);
  if (step1.status !== 200) throw new Error(`console login failed: ${step1.status} ${step1.body.msg}`);
  const step2 = await t.call<{ access_token: string; refresh_token: string }>({
    method: 'POST',
    url: '/console/api/auth/verify',
    remoteAddress,
    payload: { ticket: step1.body.data.ticket, smsCode: FIXED_SMS_CODE },
  });
  if (step2.status !== 200) throw new Error(`console verify failed: ${step2.status} ${step2.body.msg}`);
  const { access_token, refresh_token } = step2.body.data;
  const id = staff.id || (await repo.findStaffByLoginName(t.db, staff.loginName))!.id;
  return {
    staff: { ...staff, id },
    accessToken: access_token,
    refreshToken: refresh_token,
    headers: { cookie: `${CONSOLE_ACCESS_COOKIE}=${access_token}`, origin: TEST_ORIGIN },
    bearer: { authorization: `Bearer ${access_token}` },
  };
}
