import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Db } from '#server/db/database.ts';
import type { EnterpriseTable, UserAccountTable } from './account.table.ts';

export type UserRow = Selectable<UserAccountTable>;
export type EnterpriseRow = Selectable<EnterpriseTable>;
type Conn = Db | Transaction<Database>;

export const findUserByPhone = (db: Conn, phone: string): Promise<UserRow | undefined> =>
  db.selectFrom('userAccount').selectAll().where('phone', '=', phone).executeTakeFirst();

export const findUserById = (db: Conn, id: number): Promise<UserRow | undefined> =>
  db.selectFrom('userAccount').selectAll().where('id', '=', id).executeTakeFirst();

export const findEnterpriseById = (db: Conn, id: number): Promise<EnterpriseRow | undefined> =>
  db.selectFrom('enterprise').selectAll().where('id', '=', id).executeTakeFirst();

export const findEnterpriseByUscc = (db: Conn, uscc: string): Promise<EnterpriseRow | undefined> =>
  db.selectFrom('enterprise').selectAll().where('uscc', '=', uscc).executeTakeFirst();

export async function insertEnterprise(
  db: Conn,
  values: { name: string; uscc: string; contactName?: string | null; contactPhone?: string | null },
): Promise<number> {
  const stamp = new Date().toISOString();
  const { id } = await db
    .insertInto('enterprise')
    .values({
      name: values.name,
      uscc: values.uscc,
      contactName: values.contactName ?? null,
      contactPhone: values.contactPhone ?? null,
      legalPerson: null,
      industry: null,
      scale: null,
      provinceCode: null,
      cityCode: null,
      countyCode: null,
      address: null,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateEnterprise(db: Conn, id: number, values: Partial<Omit<EnterpriseRow, 'id' | 'createdAt'>>): Promise<void> {
  await db
    .updateTable('enterprise')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function insertUser(
  db: Conn,
  values: { phone: string; passwordHash: string | null; nickName: string; enterpriseId: number | null },
): Promise<number> {
  const stamp = new Date().toISOString();
  const { id } = await db
    .insertInto('userAccount')
    .values({ ...values, avatar: null, lockedUntil: null, createdAt: stamp, updatedAt: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(
  db: Conn,
  id: number,
  values: Partial<Pick<UserRow, 'passwordHash' | 'nickName' | 'avatar' | 'enterpriseId' | 'failedLogins' | 'lockedUntil'>>,
): Promise<void> {
  await db
    .updateTable('userAccount')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** One more wrong password, counted in SQL so that parallel attempts all count; returns the new count. */
export async function countFailedLogin(db: Conn, id: number): Promise<number> {
  await db
    .updateTable('userAccount')
    .set({ failedLogins: sql`failed_logins + 1` })
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('userAccount').select('failedLogins').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.failedLogins);
}

export async function findSsoUser(db: Conn, issuer: string, subject: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('ssoIdentity')
    .select('userId')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.userId;
}

export async function linkSsoIdentity(db: Conn, issuer: string, subject: string, userId: number): Promise<void> {
  await db.insertInto('ssoIdentity').values({ issuer, subject, userId, createdAt: new Date().toISOString() }).execute();
}

export async function hasSsoIdentity(db: Conn, userId: number): Promise<boolean> {
  return !!(await db.selectFrom('ssoIdentity').select('id').where('userId', '=', userId).limit(1).executeTakeFirst());
}
