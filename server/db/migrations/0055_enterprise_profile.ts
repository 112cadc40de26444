import type { Kysely } from 'kysely';
import { isoNow, isPostgres, withId } from './helpers.ts';

/**
 * 一企一档 and the rules of projects: one row per enterprise, attribute and source (`self` as the
 * enterprise declared it, `verified` from a department's data), the value as JSON text; and a
 * `rules` column (JSON text, null for none) on both kinds of project.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await withId(pg, db.schema.createTable('enterprise_attribute'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprise.id').onDelete('cascade'))
    .addColumn('attr', 'varchar(30)', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('department', 'varchar(100)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .addUniqueConstraint('enterprise_attribute_key', ['enterprise_id', 'attr', 'source'])
    .execute();
  // The console's filters read one attribute over every enterprise.
  await db.schema.createIndex('enterprise_attribute_attr_idx').on('enterprise_attribute').columns(['attr', 'source']).execute();
  await db.schema.alterTable('declare_project').addColumn('rules', 'text').execute();
  await db.schema.alterTable('free_project').addColumn('rules', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('free_project').dropColumn('rules').execute();
  await db.schema.alterTable('declare_project').dropColumn('rules').execute();
  await db.schema.dropTable('enterprise_attribute').execute();
}
