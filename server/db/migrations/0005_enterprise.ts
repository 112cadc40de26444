import { sql, type Kysely } from 'kysely';
import { isPostgres, now, withId } from './helpers.ts';

/**
 * Enterprise services (docs/domain.md "Appeals", "Declaration projects", "Free-apply", "Files"):
 * uploads, appeals with their timeline, projects and materials, proclamations and objections,
 * declarations, 免申即享 rows and corrections, address-book stars and service commissioners.
 * Money is integer 元 in `bigint` (a 万元 amount with 4 decimals is whole 元).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);

  await withId(pg, db.schema.createTable('file'))
    .addColumn('key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('enterprise_id', 'integer', (c) => c.references('enterprise.id'))
    .addColumn('user_id', 'integer', (c) => c.references('user_account.id'))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('file_enterprise_idx').on('file').column('enterprise_id').execute();

  await withId(pg, db.schema.createTable('appeal'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprise.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('contact_phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'varchar(30)')
    .addColumn('accepted_at', 'varchar(30)')
    .addColumn('accept_deadline_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('reply_deadline_at', 'varchar(30)')
    .addColumn('evaluation_level', 'integer')
    .addColumn('evaluation_comment', 'varchar(500)')
    .addColumn('evaluated_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  // Public list (filters: status, type; newest first), the enterprise's own list, statistics.
  await db.schema.createIndex('appeal_public_idx').on('appeal').columns(['is_public', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('appeal_public_type_idx').on('appeal').columns(['is_public', 'type', 'created_at']).execute();
  await db.schema.createIndex('appeal_enterprise_idx').on('appeal').columns(['enterprise_id', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('appeal_evaluation_idx').on('appeal').column('evaluation_level').execute();

  await withId(pg, db.schema.createTable('appeal_timeline'))
    .addColumn('appeal_id', 'integer', (c) => c.notNull().references('appeal.id'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'varchar(2000)')
    .addColumn('actor', 'varchar(100)', (c) => c.notNull())
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appeal_timeline_appeal_idx').on('appeal_timeline').columns(['appeal_id', 'at', 'id']).execute();

  await withId(pg, db.schema.createTable('declare_project'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('department', 'varchar(100)', (c) => c.notNull())
    .addColumn('policy_id', 'integer')
    .addColumn('amount_min', 'bigint')
    .addColumn('amount_max', 'bigint')
    .addColumn('apply_start', 'varchar(30)', (c) => c.notNull())
    .addColumn('apply_end', 'varchar(30)', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('declare_project_window_idx').on('declare_project').columns(['apply_start', 'apply_end']).execute();
  await db.schema.createIndex('declare_project_end_idx').on('declare_project').column('apply_end').execute();
  await db.schema.createIndex('declare_project_category_idx').on('declare_project').columns(['category', 'apply_start']).execute();

  await withId(pg, db.schema.createTable('declare_material'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('declare_project.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('template_type', 'varchar(30)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('declare_material_project_idx').on('declare_material').columns(['project_id', 'sort']).execute();

  await withId(pg, db.schema.createTable('free_project'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('department', 'varchar(100)', (c) => c.notNull())
    .addColumn('policy_id', 'integer')
    .addColumn('amount_min', 'bigint')
    .addColumn('amount_max', 'bigint')
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('free_project_publish_idx').on('free_project').columns(['publish_at', 'id']).execute();

  await withId(pg, db.schema.createTable('proclamation'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('declare_project.id'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // JSON [{ enterpriseName, amount (元) }]: a published list, frozen as it was proclaimed.
    .addColumn('enterprises', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('publish_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('objection_end_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('proclamation_publish_idx').on('proclamation').columns(['publish_at', 'id']).execute();
  await db.schema.createIndex('proclamation_project_idx').on('proclamation').column('project_id').execute();

  await withId(pg, db.schema.createTable('proclamation_objection'))
    .addColumn('proclamation_id', 'integer', (c) => c.notNull().references('proclamation.id'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprise.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('receipt_no', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('proclamation_objection_idx').on('proclamation_objection').column('proclamation_id').execute();

  await withId(pg, db.schema.createTable('declare_ent'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('declare_project.id'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprise.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('draft'))
    // The enterprise as declared (a snapshot: later profile changes do not alter a declaration).
    .addColumn('enterprise_name', 'varchar(100)')
    .addColumn('uscc', 'varchar(18)')
    .addColumn('legal_person', 'varchar(50)')
    .addColumn('contact_name', 'varchar(50)')
    .addColumn('contact_phone', 'varchar(20)')
    .addColumn('province_code', 'varchar(6)')
    .addColumn('city_code', 'varchar(6)')
    .addColumn('county_code', 'varchar(6)')
    .addColumn('address', 'varchar(200)')
    .addColumn('content', 'text')
    .addColumn('amount_applied', 'bigint')
    // JSON [{ materialId, files: [{ name, path }] }]
    .addColumn('materials', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('review_note', 'varchar(1000)')
    .addColumn('submitted_at', 'varchar(30)')
    .addColumn('reviewed_at', 'varchar(30)')
    .addColumn('evaluation_level', 'integer')
    .addColumn('evaluation_comment', 'varchar(500)')
    .addColumn('evaluated_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('declare_ent_enterprise_idx').on('declare_ent').columns(['enterprise_id', 'status', 'updated_at', 'id']).execute();
  // One live declaration per enterprise and project; a refused one no longer counts.
  await db.schema
    .createIndex('declare_ent_live_uq')
    .on('declare_ent')
    .columns(['project_id', 'enterprise_id'])
    .unique()
    .where(sql.ref('status'), '<>', 'refused')
    .execute();

  await withId(pg, db.schema.createTable('free_declare_ent'))
    .addColumn('free_project_id', 'integer', (c) => c.notNull().references('free_project.id'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprise.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending_confirm'))
    // JSON [{ condition, source }] as the bureau imported them.
    .addColumn('reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('contact_name', 'varchar(50)')
    .addColumn('contact_phone', 'varchar(20)')
    .addColumn('bank_name', 'varchar(100)')
    .addColumn('bank_account', 'varchar(30)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('confirmed_at', 'varchar(30)')
    .addColumn('confirmed_by', 'integer', (c) => c.references('user_account.id'))
    .addColumn('paid_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addUniqueConstraint('free_declare_ent_uq', ['free_project_id', 'enterprise_id'])
    .execute();
  await db.schema.createIndex('free_declare_ent_enterprise_idx').on('free_declare_ent').columns(['enterprise_id', 'status', 'created_at', 'id']).execute();

  await withId(pg, db.schema.createTable('free_declare_correction'))
    .addColumn('free_declare_ent_id', 'integer', (c) => c.notNull().references('free_declare_ent.id'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprise.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id'))
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('receipt_no', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('free_declare_correction_idx').on('free_declare_correction').columns(['free_declare_ent_id', 'created_at']).execute();

  await db.schema
    .createTable('address_book_star')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('address_book.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addPrimaryKeyConstraint('address_book_star_pk', ['user_id', 'entry_id'])
    .execute();
  await db.schema.createIndex('address_book_star_entry_idx').on('address_book_star').column('entry_id').execute();

  await db.schema
    .createTable('enterprise_commissioner')
    .addColumn('enterprise_id', 'integer', (c) => c.primaryKey().references('enterprise.id'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('address_book.id'))
    .addColumn('assigned_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('enterprise_commissioner_entry_idx').on('enterprise_commissioner').column('entry_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'enterprise_commissioner',
    'address_book_star',
    'free_declare_correction',
    'free_declare_ent',
    'declare_ent',
    'proclamation_objection',
    'proclamation',
    'free_project',
    'declare_material',
    'declare_project',
    'appeal_timeline',
    'appeal',
    'file',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
