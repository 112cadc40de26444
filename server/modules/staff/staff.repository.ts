import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Db } from '#server/db/database.ts';
import type { StaffListQuery } from '#contract/staff.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';
import { orderByColumn } from '#server/platform/http/sorting.ts';
import type { StaffAccountTable } from './staff.table.ts';

export type StaffAccountRow = Selectable<StaffAccountTable>;
export type Conn = Db | Transaction<Database>;

export const findStaffByLoginName = (db: Conn, loginName: string): Promise<StaffAccountRow | undefined> =>
  db.selectFrom('staffAccount').selectAll().where('loginName', '=', loginName).executeTakeFirst();

/** Staff names by login name, for the audit log's rows (one query per page). */
export async function namesByLogin(db: Conn, loginNames: readonly string[]): Promise<Map<string, string>> {
  if (!loginNames.length) return new Map();
  const rows = await db.selectFrom('staffAccount').select(['loginName', 'name']).where('loginName', 'in', [...new Set(loginNames)]).execute();
  return new Map(rows.map((r) => [r.loginName, r.name]));
}

export const findStaffById = (db: Conn, id: number): Promise<StaffAccountRow | undefined> =>
  db.selectFrom('staffAccount').selectAll().where('id', '=', id).executeTakeFirst();

export interface StaffRoleRef {
  staffId: number;
  id: number;
  code: string;
  name: string;
  kind: string;
}

/** The roles of some accounts, in role order. */
export async function rolesOf(db: Conn, staffIds: number[]): Promise<StaffRoleRef[]> {
  if (!staffIds.length) return [];
  return db
    .selectFrom('staffAccountRole as ar')
    .innerJoin('staffRole as r', 'r.id', 'ar.roleId')
    .select(['ar.staffId', 'r.id', 'r.code', 'r.name', 'r.kind'])
    .where('ar.staffId', 'in', staffIds)
    .orderBy('r.id')
    .execute();
}

/** The permissions an account holds through its roles, each once. */
export async function permissionsOf(db: Conn, staffId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('staffAccountRole as ar')
    .innerJoin('staffRolePermission as p', 'p.roleId', 'ar.roleId')
    .select('p.permission')
    .distinct()
    .where('ar.staffId', '=', staffId)
    .execute();
  return rows.map((r) => r.permission);
}

export async function insertStaff(
  db: Conn,
  v: { loginName: string; passwordHash: string; name: string; phone: string; departmentId: number | null; mustChangePassword: boolean },
): Promise<number> {
  const stamp = new Date().toISOString();
  const { id } = await db
    .insertInto('staffAccount')
    .values({
      loginName: v.loginName,
      passwordHash: v.passwordHash,
      name: v.name,
      phone: v.phone,
      departmentId: v.departmentId,
      mustChangePassword: v.mustChangePassword ? 1 : 0,
      lockedUntil: null,
      lastLoginAt: null,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateStaff(db: Conn, id: number, values: Partial<Omit<StaffAccountRow, 'id' | 'createdAt' | 'updatedAt'>>): Promise<void> {
  await db
    .updateTable('staffAccount')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Ends every session of the account (they carry the old epoch). */
export async function bumpEpoch(db: Conn, id: number): Promise<void> {
  await db
    .updateTable('staffAccount')
    .set({ sessionEpoch: sql`session_epoch + 1`, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function countFailedStaffLogin(db: Conn, id: number): Promise<number> {
  await db
    .updateTable('staffAccount')
    .set({ failedLogins: sql`failed_logins + 1` })
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('staffAccount').select('failedLogins').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.failedLogins);
}

export async function setStaffRoles(db: Conn, staffId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('staffAccountRole').where('staffId', '=', staffId).execute();
  if (roleIds.length) await db.insertInto('staffAccountRole').values(roleIds.map((roleId) => ({ staffId, roleId }))).execute();
}

/** Enabled accounts holding a role of this code (the last sysadmin and auditor must stay). */
export async function countEnabledWithRole(db: Conn, code: string): Promise<number> {
  const row = await db
    .selectFrom('staffAccountRole as ar')
    .innerJoin('staffRole as r', 'r.id', 'ar.roleId')
    .innerJoin('staffAccount as s', 's.id', 'ar.staffId')
    .select((eb) => eb.fn.count<number>('s.id').distinct().as('n'))
    .where('r.code', '=', code)
    .where('s.status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listStaff(db: Conn, q: StaffListQuery): Promise<{ rows: StaffAccountRow[]; total: number }> {
  let base = db.selectFrom('staffAccount');
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([contains('staff_account.login_name', kw), contains('staff_account.name', kw), contains('staff_account.phone', kw)]));
  }
  if (q.status) base = base.where('status', '=', q.status);
  if (q.departmentId) base = base.where('departmentId', '=', q.departmentId);
  if (q.role) {
    const role = q.role;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('staffAccountRole as ar')
          .innerJoin('staffRole as r', 'r.id', 'ar.roleId')
          .select('ar.staffId')
          .whereRef('ar.staffId', '=', 'staffAccount.id')
          .where('r.code', '=', role),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    // In the order they were created unless the person sorts by a column (docs/console.md "Tables"); a few hundred rows, no index needed.
    orderByColumn(base.selectAll(), q.sortBy ?? 'id', q.sortOrder, 'id', q.sortBy === 'lastLoginAt').limit(q.pageSize).offset(offsetOf(q)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
