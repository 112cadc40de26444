import type { ServiceItemConsoleQuery, ServiceItemSave } from '#contract/service-item.ts';
import type { SortOrder } from '#contract/console-list.ts';
import type { Db } from '#server/db/database.ts';
import { setEnabledOnce, updateSorts } from '#server/db/directory.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';

export async function listEnabledItems(db: Db) {
  return db
    .selectFrom('serviceItem')
    .select(['id', 'name', 'icon', 'url', 'description'])
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

const consoleColumns = ['id', 'name', 'icon', 'url', 'description', 'sort', 'enabled', 'updatedAt'] as const;

function matching(db: Db, q: ServiceItemConsoleQuery) {
  let query = db.selectFrom('serviceItem');
  if (q.status) query = query.where('enabled', '=', q.status === 'enabled' ? 1 : 0);
  const { keyword } = q;
  if (keyword) query = query.where((eb) => eb.or([contains('name', keyword), contains('description', keyword)]));
  return query;
}

/** Every item, stopped ones too, in the order the home page shows them. */
export async function listConsoleItems(db: Db, q: ServiceItemConsoleQuery) {
  const [records, { total }] = await Promise.all([
    matching(db, q).select(consoleColumns).orderBy('sort').orderBy('id').limit(q.pageSize).offset(offsetOf(q)).execute(),
    matching(db, q).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export const findItem = (db: Db, id: number) => db.selectFrom('serviceItem').select(consoleColumns).where('id', '=', id).executeTakeFirst();

type ItemValues = Omit<ServiceItemSave, 'id'>;

export async function insertItem(db: Db, v: ItemValues): Promise<number> {
  const stamp = new Date().toISOString();
  const { id } = await db.insertInto('serviceItem').values({ ...v, createdAt: stamp, updatedAt: stamp }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateItem(db: Db, id: number, v: ItemValues): Promise<void> {
  await db.updateTable('serviceItem').set({ ...v, updatedAt: new Date().toISOString() }).where('id', '=', id).execute();
}

export const setItemEnabled = (db: Db, id: number, enabled: boolean) => setEnabledOnce(db, 'serviceItem', id, enabled);
export const updateItemSorts = (db: Db, items: SortOrder['items']) => updateSorts(db, 'serviceItem', items);
