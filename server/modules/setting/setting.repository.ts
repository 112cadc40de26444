import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/** Site settings are stored as `site.<field>`, 办理时限 as `deadline.<field>`, 栏目更新期限 as `freshness.<field>`. */
export type SettingGroup = 'site' | 'deadline' | 'freshness';

/** Every stored setting of a group, by its field name. */
export async function readRows(db: Db, group: SettingGroup): Promise<Map<string, string>> {
  const prefix = `${group}.`;
  const rows = await db.selectFrom('setting').select(['key', 'value']).where('key', 'like', `${prefix}%`).execute();
  return new Map(rows.map((r) => [r.key.slice(prefix.length), r.value]));
}

/** One value outside the groups (the site's cache_version), or null when never stored. */
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

/** Writes the given fields of a group in one transaction, inserting those never stored before. */
export async function writeRows(db: Db, group: SettingGroup, values: Record<string, string>): Promise<void> {
  const PREFIX = `${group}.`;
  const stamp = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    for (const [field, value] of Object.entries(values)) {
      await tx
        .insertInto('setting')
        .values({ key: PREFIX + field, value, updatedAt: stamp })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: stamp }))
        .execute();
    }
  });
}
