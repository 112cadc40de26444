import type { Db } from '#server/db/database.ts';
import type { AddressBookQuery } from '#contract/address-book.ts';
import { contains, offsetOf } from '#server/platform/paging.ts';

const columns = ['id', 'department', 'name', 'phone', 'address', 'duties'] as const;

function matching(db: Db, q: Pick<AddressBookQuery, 'keyword' | 'department'>) {
  let query = db.selectFrom('addressBook');
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
  const [records, { total }] = await Promise.all([
    matching(db, q)
      .select(columns)
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
    .orderBy('departmentSort')
    .orderBy('department')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
