import type { Kysely } from 'kysely';

/**
 * Which enterprises' profiles changed since a moment is read from 画像变更 (it records a cleared
 * value too, which leaves no row in enterprise_attribute), so the index moves there: the push asks
 * every 2 s, and the kept values of every enterprise (the match preview) at each use.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('enterprise_attribute_change_at_idx').on('enterprise_attribute_change').columns(['changed_at', 'enterprise_id']).execute();
  await db.schema.dropIndex('enterprise_attribute_updated_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('enterprise_attribute_updated_idx').on('enterprise_attribute').columns(['updated_at', 'enterprise_id']).execute();
  await db.schema.dropIndex('enterprise_attribute_change_at_idx').execute();
}
