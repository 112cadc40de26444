import type { Kysely } from 'kysely';

/**
 * Staff console, directories (issue 7): an address-book entry can be taken off the public list
 * without deleting it (a person on leave, a window closed for a season) and put back later.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('address_book').addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('address_book').dropColumn('enabled').execute();
}
