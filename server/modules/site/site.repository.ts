import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** One statement, so that two instances bumping at once both count. */
export async function incrementSetting(db: Db, key: string, at: string): Promise<void> {
  await db
    .updateTable('setting')
    .set({ value: sql`cast(cast(value as integer) + 1 as varchar(200))`, updatedAt: at })
    .where('key', '=', key)
    .execute();
}
