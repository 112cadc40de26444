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

/** The dictionaries with their names and how many options each has, for the console. */
export async function listTypesNamed(db: Db) {
  const rows = await db
    .selectFrom('dictType as t')
    .leftJoin('dictItem as i', 'i.typeCode', 't.code')
    .select(['t.code', 't.name', (eb) => eb.fn.count<number>('i.id').as('count')])
    .groupBy(['t.code', 't.name'])
    .orderBy('t.code')
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
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

/** Compare-and-set of one option's state: true only when this call changed it. */
export async function setItemEnabled(db: Db, typeCode: string, value: string, enabled: boolean, at: string): Promise<boolean> {
  const res = await db
    .updateTable('dictItem')
    .set({ enabled: enabled ? 1 : 0, updatedAt: at })
    .where('typeCode', '=', typeCode)
    .where('value', '=', value)
    .where('enabled', '=', enabled ? 0 : 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const findItem = (db: Db, typeCode: string, value: string) =>
  db.selectFrom('dictItem').select(['value', 'enabled']).where('typeCode', '=', typeCode).where('value', '=', value).executeTakeFirst();

/** A new order for some options in one transaction; returns the values that do not exist (and then changes nothing). */
export async function updateItemSorts(db: Db, typeCode: string, items: { id: string; sort: number }[], at: string): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const found = await tx.selectFrom('dictItem').select('value').where('typeCode', '=', typeCode).where('value', 'in', items.map((i) => i.id)).execute();
    const known = new Set(found.map((r) => r.value));
    const missing = items.filter((i) => !known.has(i.id)).map((i) => i.id);
    if (missing.length) return missing;
    for (const i of items) await tx.updateTable('dictItem').set({ sort: i.sort, updatedAt: at }).where('typeCode', '=', typeCode).where('value', '=', i.id).execute();
    return [];
  });
}
