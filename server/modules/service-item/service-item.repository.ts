import type { Db } from '#server/db/database.ts';

export async function listEnabledItems(db: Db) {
  return db
    .selectFrom('serviceItem')
    .select(['id', 'name', 'icon', 'url', 'description'])
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
