import type { Db } from '#server/db/database.ts';
import type { AddressBookConsoleQuery, AddressBookQuery, AddressBookSave } from '#contract/address-book.ts';
import type { SortOrder } from '#contract/console-list.ts';
import { contains, offsetOf } from '#server/platform/http/paging.ts';
import { setEnabledOnce, updateSorts } from '#server/db/directory.ts';

const columns = ['id', 'department', 'name', 'phone', 'address', 'duties'] as const;

/** `status` absent: every entry (the console); the public reads only enabled ones. */
function matching(db: Db, q: Pick<AddressBookConsoleQuery, 'keyword' | 'department' | 'status'>) {
  let query = db.selectFrom('addressBook');
  if (q.status) query = query.where('enabled', '=', q.status === 'enabled' ? 1 : 0);
  if (q.department) query = query.where('department', '=', q.department);
  const { keyword } = q;
  if (keyword) {
    query = query.where((eb) =>
      eb.or([contains('name', keyword), contains('department', keyword), contains('duties', keyword)]),
    );
  }
  return query;
}

/** Departments in their order, then entries in theirs; id breaks ties so that paging is stable. */
export async function listEntries(db: Db, q: AddressBookQuery) {
  return listMatching(db, { ...q, status: 'enabled' }, columns);
}

const consoleColumns = [...columns, 'departmentSort', 'sort', 'enabled', 'updatedAt'] as const;

export async function listConsoleEntries(db: Db, q: AddressBookConsoleQuery) {
  return listMatching(db, q, consoleColumns);
}

async function listMatching<C extends (typeof consoleColumns)[number]>(db: Db, q: AddressBookConsoleQuery, select: readonly C[]) {
  const [records, { total }] = await Promise.all([
    matching(db, q)
      .select(select)
      .orderBy('departmentSort')
      .orderBy('department')
      .orderBy('sort')
      .orderBy('id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    matching(db, q).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export async function listDepartments(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('addressBook')
    .select('department')
    .where('enabled', '=', 1)
    .select((eb) => eb.fn.min('departmentSort').as('departmentSort'))
    .groupBy('department')
    .orderBy('departmentSort')
    .orderBy('department')
    .execute();
  return rows.map((r) => r.department);
}

export async function findEntries(db: Db, ids: number[]) {
  return db
    .selectFrom('addressBook')
    .select(columns)
    .where('id', 'in', ids)
    .where('enabled', '=', 1)
    .orderBy('departmentSort')
    .orderBy('department')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export const findEntryById = (db: Db, id: number) => db.selectFrom('addressBook').select(consoleColumns).where('id', '=', id).executeTakeFirst();

type EntryValues = Omit<AddressBookSave, 'id'>;

export async function insertEntry(db: Db, v: EntryValues): Promise<number> {
  const stamp = new Date().toISOString();
  const { id } = await db.insertInto('addressBook').values({ ...v, createdAt: stamp, updatedAt: stamp }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateEntry(db: Db, id: number, v: EntryValues): Promise<void> {
  await db.updateTable('addressBook').set({ ...v, updatedAt: new Date().toISOString() }).where('id', '=', id).execute();
}

export const setEntryEnabled = (db: Db, id: number, enabled: boolean) => setEnabledOnce(db, 'addressBook', id, enabled);

export const updateEntrySorts = (db: Db, items: SortOrder['items']) => updateSorts(db, 'addressBook', items);
