import type { Kysely } from 'kysely';
import { isoNow, isPostgres, withId } from './helpers.ts';

/**
 * 栏目更新监测 (the 普查's stale-column items): the state each public column was last reported in,
 * so the daily job tells the editors once per change; staff in-site messages, which had no home
 * before (enterprise messages are per enterprise); whether a staff member also wants them by SMS;
 * and the permission to read the freshness table, for the two content roles. The permission is
 * written out here, not imported, so this migration means the same thing forever.
 */
const GRANTS = [
  { role: 'editor', permission: 'content:freshness:view' },
  { role: 'publisher', permission: 'content:freshness:view' },
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('freshness_alert')
    .addColumn('column_key', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('changed_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .execute();

  await withId(pg, db.schema.createTable('staff_message'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_account.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(300)')
    .addColumn('read_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .execute();
  await db.schema.createIndex('staff_message_staff_idx').on('staff_message').columns(['staff_id', 'read_at', 'id']).execute();

  await db.schema
    .createTable('staff_alert_sms')
    .addColumn('staff_id', 'integer', (c) => c.primaryKey().references('staff_account.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  for (const g of GRANTS) {
    const role = await db.selectFrom('staff_role').select('id').where('code', '=', g.role).executeTakeFirst();
    if (role) await db.insertInto('staff_role_permission').values({ role_id: role.id, permission: g.permission }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('staff_role_permission').where('permission', 'in', [...new Set(GRANTS.map((g) => g.permission))]).execute();
  for (const t of ['staff_alert_sms', 'staff_message', 'freshness_alert']) await db.schema.dropTable(t).execute();
}
