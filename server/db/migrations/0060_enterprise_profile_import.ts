import type { Kysely } from 'kysely';
import { isoNow, isPostgres, withId } from './helpers.ts';

/**
 * 一企一档 from departments' data: one row per uploaded file, previewed then committed once (as
 * free_declare_import for 免申即享 lists). `rows` holds the checked values until the commit writes
 * them to enterprise_attribute as `verified`, then it is emptied.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await withId(pg, db.schema.createTable('enterprise_profile_import'))
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('previewed'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('invalid', 'integer', (c) => c.notNull())
    // JSON [[enterpriseId, department, { attr: value }], ...]: the rows the commit writes.
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('enterprise_count', 'integer')
    .addColumn('value_count', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .addColumn('committed_at', 'varchar(30)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enterprise_profile_import').execute();
}
