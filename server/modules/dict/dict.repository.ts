import type { Db } from '#server/db/database.ts';

export interface DictRow {
  typeCode: string;
  value: string;
  text: string;
  enabled: number;
}

export async function listTypes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('dictType').select('code').execute();
  return rows.map((r) => r.code);
}

/** Every option of every dictionary, enabled or not, in display order. */
export async function listItems(db: Db): Promise<DictRow[]> {
  return db
    .selectFrom('dictItem')
    .select(['typeCode', 'value', 'text', 'enabled'])
    .orderBy('typeCode')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function upsertItem(
  db: Db,
  item: { typeCode: string; value: string; text: string; sort: number; enabled: number },
  at: string,
): Promise<void> {
  await db
    .insertInto('dictItem')
    .values({ ...item, updatedAt: at })
    .onConflict((oc) =>
      oc.columns(['typeCode', 'value']).doUpdateSet({ text: item.text, sort: item.sort, enabled: item.enabled, updatedAt: at }),
    )
    .execute();
}

/** One dictionary's options for the console: stopped ones too, with their order. */
export async function listOptionsOf(db: Db, typeCode: string) {
  return db.selectFrom('dictItem').select(['value', 'text', 'sort', 'enabled']).where('typeCode', '=', typeCode).orderBy('sort').orderBy('id').execute();
}
