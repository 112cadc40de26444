import type { Selectable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { RefreshTokenTable } from './account.table.ts';

export type RefreshRow = Selectable<RefreshTokenTable>;

export async function insertRefreshToken(
  db: Db,
  values: { userId: number; family: string; tokenHash: string; expiresAt: string; idleExpiresAt: string },
): Promise<void> {
  await db
    .insertInto('refreshToken')
    .values({ ...values, usedAt: null, revokedAt: null, createdAt: new Date().toISOString() })
    .execute();
}

export const findRefreshToken = (db: Db, tokenHash: string): Promise<RefreshRow | undefined> =>
  db.selectFrom('refreshToken').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();

/** Marks a token spent; false when another request spent it first. */
export async function markUsed(db: Db, id: number, at: string): Promise<boolean> {
  const res = await db
    .updateTable('refreshToken')
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Db, family: string, at: string): Promise<void> {
  await db.updateTable('refreshToken').set({ revokedAt: at }).where('family', '=', family).where('revokedAt', 'is', null).execute();
}

/** Ends every live session of a user (except `keepFamily`); returns the families ended. */
export async function revokeUserFamilies(db: Db, userId: number, at: string, keepFamily?: string): Promise<string[]> {
  let q = db.selectFrom('refreshToken').select('family').distinct().where('userId', '=', userId).where('revokedAt', 'is', null);
  if (keepFamily) q = q.where('family', '!=', keepFamily);
  const families = (await q.execute()).map((r) => r.family);
  if (families.length) {
    await db.updateTable('refreshToken').set({ revokedAt: at }).where('family', 'in', families).where('revokedAt', 'is', null).execute();
  }
  return families;
}

/** Removes tokens whose family ended long ago (the audit log keeps the history). */
export async function purgeRefreshTokens(db: Db, before: string): Promise<void> {
  await db.deleteFrom('refreshToken').where('expiresAt', '<', before).execute();
}
