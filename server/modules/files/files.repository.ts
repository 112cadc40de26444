import type { Insertable, Selectable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { FileTable } from './files.table.ts';

export type FileRow = Selectable<FileTable>;

export async function insertFile(db: Db, row: Insertable<FileTable>): Promise<void> {
  await db.insertInto('file').values(row).execute();
}

export async function findFile(db: Db, key: string): Promise<FileRow | undefined> {
  return db.selectFrom('file').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function findFiles(db: Db, keys: string[]): Promise<FileRow[]> {
  if (!keys.length) return [];
  return db.selectFrom('file').selectAll().where('key', 'in', keys).execute();
}

/** Gives staff uploads (no enterprise yet) to an enterprise, so that it may download them. */
export async function giveToEnterprise(db: Db, keys: string[], enterpriseId: number): Promise<void> {
  if (!keys.length) return;
  await db.updateTable('file').set({ enterpriseId }).where('key', 'in', keys).where('enterpriseId', 'is', null).execute();
}

/** Staff uploads named by published content: anyone may download them from now on. */
export async function makePublic(db: Db, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.updateTable('file').set({ isPublic: 1 }).where('key', 'in', keys).where('staffId', 'is not', null).where('enterpriseId', 'is', null).execute();
}
