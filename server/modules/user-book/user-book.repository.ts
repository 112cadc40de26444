import type { Db } from '#server/db/database.ts';

export async function addStar(db: Db, userId: number, entryId: number, at: string): Promise<void> {
  await db
    .insertInto('addressBookStar')
    .values({ userId, entryId, createdAt: at })
    .onConflict((oc) => oc.columns(['userId', 'entryId']).doNothing())
    .execute();
}

export async function removeStar(db: Db, userId: number, entryId: number): Promise<void> {
  await db.deleteFrom('addressBookStar').where('userId', '=', userId).where('entryId', '=', entryId).execute();
}

export async function starredEntryIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('addressBookStar').select('entryId').where('userId', '=', userId).execute();
  return rows.map((r) => r.entryId);
}

export async function commissionerEntryId(db: Db, enterpriseId: number): Promise<number | null> {
  const row = await db.selectFrom('enterpriseCommissioner').select('entryId').where('enterpriseId', '=', enterpriseId).executeTakeFirst();
  return row?.entryId ?? null;
}
