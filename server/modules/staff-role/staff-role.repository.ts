import type { Selectable } from 'kysely';
import type { Conn } from '#server/modules/staff/staff.repository.ts';
import type { StaffRoleTable } from './staff-role.table.ts';

export type StaffRoleRow = Selectable<StaffRoleTable>;

export const findRolesByCode = (db: Conn, codes: string[]): Promise<StaffRoleRow[]> =>
  codes.length ? db.selectFrom('staffRole').selectAll().where('code', 'in', codes).execute() : Promise.resolve([]);

export const findRoleById = (db: Conn, id: number): Promise<StaffRoleRow | undefined> =>
  db.selectFrom('staffRole').selectAll().where('id', '=', id).executeTakeFirst();

export const findRoleByCode = (db: Conn, code: string): Promise<StaffRoleRow | undefined> =>
  db.selectFrom('staffRole').selectAll().where('code', '=', code).executeTakeFirst();

/** Every role with its permissions and the number of accounts holding it, built-in first. */
export async function listRoles(db: Conn) {
  const [roles, perms, counts] = await Promise.all([
    db.selectFrom('staffRole').selectAll().orderBy('builtin', 'desc').orderBy('id').execute(),
    db.selectFrom('staffRolePermission').selectAll().execute(),
    db
      .selectFrom('staffAccountRole')
      .select(['roleId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('roleId')
      .execute(),
  ]);
  return roles.map((r) => ({
    ...r,
    permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.permission),
    staffCount: Number(counts.find((c) => c.roleId === r.id)?.n ?? 0),
  }));
}

export async function insertRole(db: Conn, v: { code: string; name: string; kind: string }, permissions: string[]): Promise<number> {
  const { id } = await db.insertInto('staffRole').values({ code: v.code, name: v.name, kind: v.kind, builtin: 0 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('staffRolePermission').values(permissions.map((permission) => ({ roleId: id, permission }))).execute();
  return id;
}

export async function updateRole(db: Conn, id: number, v: { name: string; kind: string }, permissions: string[]): Promise<void> {
  await db.updateTable('staffRole').set({ name: v.name, kind: v.kind }).where('id', '=', id).execute();
  await db.deleteFrom('staffRolePermission').where('roleId', '=', id).execute();
  await db.insertInto('staffRolePermission').values(permissions.map((permission) => ({ roleId: id, permission }))).execute();
}

export async function deleteRole(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('staffRolePermission').where('roleId', '=', id).execute();
  await db.deleteFrom('staffRole').where('id', '=', id).execute();
}

export async function countHolders(db: Conn, roleId: number): Promise<number> {
  const row = await db.selectFrom('staffAccountRole').select((eb) => eb.fn.countAll<number>().as('n')).where('roleId', '=', roleId).executeTakeFirstOrThrow();
  return Number(row.n);
}
