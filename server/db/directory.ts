import type { SortOrder } from '#contract/console-list.ts';
import type { Db } from './database.ts';

/**
 * The writes every directory the console edits in place shares (address book, service items,
 * declaration projects): 启用/停用 as a compare-and-set, and a new order in one transaction.
 */
type Switchable = 'addressBook' | 'serviceItem' | 'declareProject';
type Sortable = 'addressBook' | 'serviceItem';

/** Compare-and-set: true only when this call changed the state (false: already so, or gone). */
export async function setEnabledOnce(db: Db, table: Switchable, id: number, enabled: boolean): Promise<boolean> {
  const res = await db
    .updateTable(table as 'addressBook')
    .set({ enabled: enabled ? 1 : 0, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('enabled', '=', enabled ? 0 : 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The new order in one transaction; returns the ids that do not exist (and then changes nothing). */
export async function updateSorts(db: Db, table: Sortable, items: SortOrder['items']): Promise<number[]> {
  return db.transaction().execute(async (tx) => {
    const found = await tx.selectFrom(table as 'addressBook').select('id').where('id', 'in', items.map((i) => i.id)).execute();
    const known = new Set(found.map((r) => r.id));
    const missing = items.filter((i) => !known.has(i.id)).map((i) => i.id);
    if (missing.length) return missing;
    const stamp = new Date().toISOString();
    for (const i of items) await tx.updateTable(table as 'addressBook').set({ sort: i.sort, updatedAt: stamp }).where('id', '=', i.id).execute();
    return [];
  });
}
