import type { Kysely } from 'kysely';

/**
 * Staff console, catalogues (issue 7): declaration projects, free projects and their materials
 * come from the console, not only from the seed.
 * - A declaration project can be kept off the public list (a new one until it is checked, an old
 *   one taken down) without deleting it: `enabled`, 1 for the projects already there.
 * - A free project goes draft → published → closed; the projects already there are published.
 * - A material may carry a template file staff uploaded (`template_name`, `template_path`), as well
 *   as one of the shipped templates (`template_type`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('declare_project').addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('free_project').addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('published')).execute();
  await db.schema.alterTable('declare_material').addColumn('template_name', 'varchar(200)').execute();
  await db.schema.alterTable('declare_material').addColumn('template_path', 'varchar(300)').execute();
  await db.schema.createIndex('free_project_status_idx').on('free_project').columns(['status', 'publish_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('free_project_status_idx').execute();
  await db.schema.alterTable('declare_material').dropColumn('template_path').execute();
  await db.schema.alterTable('declare_material').dropColumn('template_name').execute();
  await db.schema.alterTable('free_project').dropColumn('status').execute();
  await db.schema.alterTable('declare_project').dropColumn('enabled').execute();
}
