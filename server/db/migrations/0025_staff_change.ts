import type { Kysely } from 'kysely';
import { isoNow, isPostgres, withId } from './helpers.ts';

/**
 * Changes a system administrator asks for on an audit account (三权分立), waiting for an auditor's
 * confirmation; and the permission to confirm them, for the auditor role (written out here, not
 * imported).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await withId(pg, db.schema.createTable('staff_change'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff_account.id'))
    .addColumn('login_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('requested_by', 'integer', (c) => c.notNull().references('staff_account.id'))
    .addColumn('requested_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .addColumn('decided_by', 'integer', (c) => c.references('staff_account.id'))
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('reason', 'varchar(300)')
    .execute();
  // The auditors' list (pending first, newest first) and the one-pending-change-per-account check.
  await db.schema.createIndex('staff_change_status_idx').on('staff_change').columns(['status', 'id']).execute();
  await db.schema.createIndex('staff_change_login_idx').on('staff_change').columns(['login_name', 'status']).execute();

  const role = await db.selectFrom('staff_role').select('id').where('code', '=', 'auditor').executeTakeFirst();
  if (role) await db.insertInto('staff_role_permission').values({ role_id: role.id, permission: 'audit:staff-change:decide' }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('staff_role_permission').where('permission', '=', 'audit:staff-change:decide').execute();
  await db.schema.dropTable('staff_change').execute();
}
