import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.ts';

/**
 * 常用语: one table for the staff members' own lists and the departments' shared ones (exactly
 * one owner per row); and the permission to keep a department's list, for the roles that lead a
 * workflow (dispatcher, reviewer, publisher), written out here, not imported.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await withId(pg, db.schema.createTable('phrase'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff_account.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.references('department.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addCheckConstraint('phrase_one_owner', sql`(staff_id is null) <> (department_id is null)`)
    .execute();
  await db.schema.createIndex('phrase_staff_kind_idx').on('phrase').columns(['staff_id', 'kind', 'id']).execute();
  await db.schema.createIndex('phrase_department_kind_idx').on('phrase').columns(['department_id', 'kind', 'id']).execute();

  const roles = await db.selectFrom('staff_role').select('id').where('code', 'in', ['dispatcher', 'reviewer', 'publisher']).execute();
  if (roles.length) await db.insertInto('staff_role_permission').values(roles.map((r) => ({ role_id: r.id, permission: 'phrase:department:edit' }))).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('staff_role_permission').where('permission', '=', 'phrase:department:edit').execute();
  await db.schema.dropTable('phrase').execute();
}
