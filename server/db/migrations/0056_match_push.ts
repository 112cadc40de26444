import type { Kysely } from 'kysely';
import { isoNow, isPostgres, withId } from './helpers.ts';

/**
 * 政策推送: one row per project and enterprise told about it, so that a push that stopped half-way
 * (a restart) picks up where it was and tells no one twice. `verdict` is what the enterprise was
 * told: `maybe` (complete the named attributes), later `eligible` once, if its profile comes to match.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await withId(pg, db.schema.createTable('match_push'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprise.id').onDelete('cascade'))
    .addColumn('verdict', 'varchar(20)', (c) => c.notNull())
    .addColumn('told_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .addUniqueConstraint('match_push_key', ['kind', 'project_id', 'enterprise_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('match_push').execute();
}
