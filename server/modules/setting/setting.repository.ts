import type { Db } from '#server/db/database.ts';

/** Site settings are stored as `site.<field>`, 办理时限 as `deadline.<field>`, 栏目更新期限 as `freshness.<field>`. */
export type SettingGroup = 'site' | 'deadline' | 'freshness';

/** Every stored setting of a group, by its field name. */
export async function readRows(db: Db, group: SettingGroup): Promise<Map<string, string>> {
  const prefix = `${group}.`;
  const rows = await db.selectFrom('setting').select(['key', 'value']).where('key', 'like', `${prefix}%`).execute();
  return new Map(rows.map((r) => [r.key.slice(prefix.length), r.value]));
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
