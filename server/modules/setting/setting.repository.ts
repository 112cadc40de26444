import type { Db } from '#server/db/database.ts';

const PREFIX = 'site.';

/** Every stored site setting, by its field name (rows without the prefix are not settings). */
export async function readSiteRows(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('setting').select(['key', 'value']).where('key', 'like', `${PREFIX}%`).execute();
  return new Map(rows.map((r) => [r.key.slice(PREFIX.length), r.value]));
}

/** Writes the given fields in one transaction, inserting those never stored before. */
export async function writeSiteRows(db: Db, values: Record<string, string>): Promise<void> {
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
