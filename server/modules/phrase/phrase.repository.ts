import type { PhraseKind } from '#contract/phrase.ts';
import type { Db } from '#server/db/database.ts';

/** Whose list: one staff member's or one department's. */
export type PhraseOwner = { staffId: number } | { departmentId: number };

const ownedBy = (owner: PhraseOwner) => ('staffId' in owner ? (['staffId', owner.staffId] as const) : (['departmentId', owner.departmentId] as const));

/** One list in the order it was written. */
export async function listPhrases(db: Db, owner: PhraseOwner, kind: PhraseKind) {
  const [column, value] = ownedBy(owner);
  return db.selectFrom('phrase').selectAll().where(column, '=', value).where('kind', '=', kind).orderBy('id').execute();
}

export async function findPhrase(db: Db, id: number) {
  return db.selectFrom('phrase').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPhrase(db: Db, owner: PhraseOwner, kind: PhraseKind, text: string, at: string): Promise<number> {
  const row = await db
    .insertInto('phrase')
    .values({ kind, text, staffId: 'staffId' in owner ? owner.staffId : null, departmentId: 'departmentId' in owner ? owner.departmentId : null, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePhraseText(db: Db, id: number, text: string, at: string): Promise<void> {
  await db.updateTable('phrase').set({ text, updatedAt: at }).where('id', '=', id).execute();
}

export async function deletePhrase(db: Db, id: number): Promise<void> {
  await db.deleteFrom('phrase').where('id', '=', id).execute();
}
