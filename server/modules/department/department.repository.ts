import type { Selectable } from 'kysely';
import type { Conn } from '#server/modules/staff/staff.repository.ts';
import type { DepartmentTable } from './department.table.ts';

export type DepartmentRow = Selectable<DepartmentTable>;

export const findDepartmentById = (db: Conn, id: number): Promise<DepartmentRow | undefined> =>
  db.selectFrom('department').selectAll().where('id', '=', id).executeTakeFirst();

export const findDepartmentByName = (db: Conn, name: string): Promise<DepartmentRow | undefined> =>
  db.selectFrom('department').selectAll().where('name', '=', name).executeTakeFirst();

export const findDepartmentsByIds = (db: Conn, ids: number[]): Promise<DepartmentRow[]> =>
  ids.length ? db.selectFrom('department').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);

/** All departments in their order, with how many accounts each has. */
export async function listDepartments(db: Conn) {
  const [rows, counts] = await Promise.all([
    db.selectFrom('department').selectAll().orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('staffAccount')
      .select(['departmentId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('departmentId', 'is not', null)
      .groupBy('departmentId')
      .execute(),
  ]);
  return rows.map((d) => ({ ...d, staffCount: Number(counts.find((c) => c.departmentId === d.id)?.n ?? 0) }));
}

export async function insertDepartment(db: Conn, v: { name: string; sort: number }): Promise<number> {
  const stamp = new Date().toISOString();
  const { id } = await db.insertInto('department').values({ name: v.name, sort: v.sort, createdAt: stamp, updatedAt: stamp }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateDepartment(db: Conn, id: number, v: Partial<{ name: string; sort: number; status: string }>): Promise<void> {
  await db
    .updateTable('department')
    .set({ ...v, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
