import type { Kysely } from 'kysely';
import { isPostgres, now, withId } from './helpers.ts';

/** Enterprises and their users (docs/domain.md "People"). Sessions, audit and staff come in 0004_auth. */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await withId(pg, db.schema.createTable('enterprise'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('uscc', 'varchar(18)', (c) => c.notNull().unique())
    .addColumn('legal_person', 'varchar(50)')
    .addColumn('industry', 'varchar(50)')
    .addColumn('scale', 'varchar(50)')
    .addColumn('province_code', 'varchar(6)')
    .addColumn('city_code', 'varchar(6)')
    .addColumn('county_code', 'varchar(6)')
    .addColumn('address', 'varchar(200)')
    .addColumn('contact_name', 'varchar(50)')
    .addColumn('contact_phone', 'varchar(20)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();

  await withId(pg, db.schema.createTable('user_account'))
    .addColumn('phone', 'varchar(11)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('nick_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(300)')
    .addColumn('enterprise_id', 'integer', (c) => c.references('enterprise.id'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('user_account_enterprise_idx').on('user_account').column('enterprise_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_account').execute();
  await db.schema.dropTable('enterprise').execute();
}
