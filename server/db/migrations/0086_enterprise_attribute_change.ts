import type { Kysely } from 'kysely';
import { isoNow, isPostgres, withId } from './helpers.ts';

/**
 * 画像变更: every change of a profile value, kept (docs/matching.md "The pages"). enterprise_attribute
 * holds each source's latest value only; a row here says what it was before and after, from which
 * source, and who wrote it: the enterprise's account for a self-declared value, the import (its file
 * and the staff member who committed it) for a verified one. Read on the 一企一档 page, newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await withId(pg, db.schema.createTable('enterprise_attribute_change'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprise.id').onDelete('cascade'))
    .addColumn('attr', 'varchar(40)', (c) => c.notNull())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('department', 'varchar(100)')
    // The value as JSON, as enterprise_attribute keeps it; null before: none yet; null after: cleared.
    .addColumn('value_before', 'text')
    .addColumn('value_after', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('import_id', 'integer')
    .addColumn('changed_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .execute();
  await db.schema.createIndex('enterprise_attribute_change_enterprise_idx').on('enterprise_attribute_change').columns(['enterprise_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enterprise_attribute_change').execute();
}
