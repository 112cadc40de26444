import type { Kysely } from 'kysely';
import { isoNow, isPostgres } from './helpers.ts';

/**
 * 接收政策推送短信 (docs/matching.md "The push"): one row per enterprise that asked for pushes by
 * SMS, with the account whose mobile receives them. `match_push.sms_id` is the SMS a push sent
 * with its message (null: none), written in the same transaction as the claim, so the console
 * can say who got one. The index on `match_push.enterprise_id` serves the 一企一档 page, the one
 * on `enterprise_attribute.updated_at` the push's look for profiles changed since its last run.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('push_sms_opt_in')
    .addColumn('enterprise_id', 'integer', (c) => c.primaryKey().references('enterprise.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(isoNow(pg)))
    .execute();
  await db.schema.alterTable('match_push').addColumn('sms_id', 'integer').execute();
  await db.schema.createIndex('match_push_enterprise_idx').on('match_push').columns(['enterprise_id', 'told_at']).execute();
  await db.schema.createIndex('enterprise_attribute_updated_idx').on('enterprise_attribute').columns(['updated_at', 'enterprise_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('enterprise_attribute_updated_idx').execute();
  await db.schema.dropIndex('match_push_enterprise_idx').execute();
  await db.schema.alterTable('match_push').dropColumn('sms_id').execute();
  await db.schema.dropTable('push_sms_opt_in').execute();
}
