import type { Kysely } from 'kysely';

/**
 * The audit log's time index ends in the id, so that a page of the whole log chooses its ids from
 * the index alone (`auditPageQuery`): PostgreSQL's b-tree entries point at rows, not at ids, and
 * page 500 read 10,000 rows to show 20. SQLite's indexes end in the rowid already; the index is
 * the same there but for its last column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_at_idx').execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_at_idx').execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
}
