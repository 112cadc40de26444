import type { Db } from '#server/db/database.ts';

export async function preferencesOf(db: Db, staffId: number, names?: readonly string[]) {
  let q = db.selectFrom('staffPreference').select(['name', 'value']).where('staffId', '=', staffId);
  if (names) q = q.where('name', 'in', names);
  return q.execute();
}

/** Insert or replace one setting (one row per person and name). */
export async function savePreference(db: Db, staffId: number, name: string, value: string, at: string): Promise<void> {
  await db
    .insertInto('staffPreference')
    .values({ staffId, name, value, updatedAt: at })
    .onConflict((oc) => oc.columns(['staffId', 'name']).doUpdateSet({ value, updatedAt: at }))
    .execute();
}
