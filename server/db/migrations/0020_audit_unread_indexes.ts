import type { Kysely } from 'kysely';

/**
 * Two indexes of the audit log that no query reads: the auditor finds a person by login name
 * (`audit_log_login_idx`), and no page looks rows up by the account's number. Every console write
 * and every audit search appends a row, and each index is one more b-tree page written to the
 * WAL per row: the search's own audit row was its costliest statement (0.26 ms in SQLite, more
 * than the page it shows). The numbers stay in the rows; an index can come back with a query
 * that needs it.
 */
const DROPPED: [name: string, columns: string[]][] = [
  ['audit_log_user_idx', ['user_id', 'at']],
  ['audit_log_staff_idx', ['staff_id', 'at']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name] of DROPPED) await db.schema.dropIndex(name).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of DROPPED) await db.schema.createIndex(name).on('audit_log').columns(columns).execute();
}
