import { hashPassword } from '#server/platform/auth/password.ts';
import { insertDepartment } from '#server/modules/department/department.repository.ts';
import * as repo from '#server/modules/staff/staff.repository.ts';
import { findRolesByCode } from '#server/modules/staff-role/staff-role.repository.ts';
import type { Db } from '../database.ts';
import { DEMO_STAFF, DEMO_STAFF_DEPARTMENT, DEMO_STAFF_PASSWORD } from './demo.ts';

/** The bureau's departments in the demo (appeals are assigned to them). */
const DEPARTMENTS = ['综合办公室', DEMO_STAFF_DEPARTMENT, '投资促进科', '财政金融科', '规划建设科', '海关监管协调科'];

/**
 * Departments and one staff account per role. The demo accounts are past their first password
 * change, so the README's password opens the console directly (after the SMS code).
 */
export async function seedStaff(db: Db): Promise<void> {
  const ids = new Map<string, number>();
  for (const [i, name] of DEPARTMENTS.entries()) ids.set(name, await insertDepartment(db, { name, sort: (i + 1) * 10 }));
  const roles = await findRolesByCode(db, DEMO_STAFF.map((s) => s.role));
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const s of DEMO_STAFF) {
    const departmentId = s.role === 'handler' || s.role === 'dispatcher' ? ids.get(DEMO_STAFF_DEPARTMENT)! : ids.get('综合办公室')!;
    const id = await repo.insertStaff(db, { loginName: s.loginName, passwordHash, name: s.name, phone: s.phone, departmentId, mustChangePassword: false });
    await repo.setStaffRoles(db, id, roles.filter((r) => r.code === s.role).map((r) => r.id));
  }
}
