import type { Permission } from '#contract/permissions.ts';
import type { Db } from '#server/db/database.ts';

/** Active staff holding `permission` through any of their roles, with their mobile and SMS choice. */
export async function staffHolding(db: Db, permission: Permission) {
  return db
    .selectFrom('staffAccount as s')
    .innerJoin('staffAccountRole as ar', 'ar.staffId', 's.id')
    .innerJoin('staffRolePermission as rp', 'rp.roleId', 'ar.roleId')
    .leftJoin('staffAlertSms as a', 'a.staffId', 's.id')
    .select(['s.id', 's.phone', 'a.enabled as sms'])
    .distinct()
    .where('rp.permission', '=', permission)
    .where('s.status', '=', 'active')
    .orderBy('s.id')
    .execute();
}

export interface NewStaffMessage {
  staffId: number;
  title: string;
  content: string;
  link: string | null;
  createdAt: string;
}

export async function insertMessages(db: Db, rows: readonly NewStaffMessage[]): Promise<void> {
  if (rows.length) await db.insertInto('staffMessage').values(rows).execute();
}

/** SMS rows with no enterprise message behind them; answers their ids, to send after commit. */
export async function insertSms(db: Db, rows: readonly { phone: string; template: string; content: string; driver: string; createdAt: string }[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await db.insertInto('smsDelivery').values(rows.map((r) => ({ ...r, messageId: null }))).returning('id').execute()).map((r) => r.id);
}

export async function listMessages(db: Db, staffId: number, limit: number) {
  return db.selectFrom('staffMessage').select(['id', 'title', 'content', 'link', 'readAt', 'createdAt']).where('staffId', '=', staffId).orderBy('id', 'desc').limit(limit).execute();
}

export async function countUnread(db: Db, staffId: number): Promise<number> {
  const row = await db.selectFrom('staffMessage').select((eb) => eb.fn.countAll<number>().as('n')).where('staffId', '=', staffId).where('readAt', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead(db: Db, staffId: number, ids: readonly number[], at: string): Promise<void> {
  await db.updateTable('staffMessage').set({ readAt: at }).where('staffId', '=', staffId).where('id', 'in', ids).where('readAt', 'is', null).execute();
}

export async function smsChoice(db: Db, staffId: number): Promise<boolean> {
  const row = await db.selectFrom('staffAlertSms').select('enabled').where('staffId', '=', staffId).executeTakeFirst();
  return row?.enabled === 1;
}

export async function saveSmsChoice(db: Db, staffId: number, enabled: boolean): Promise<void> {
  const value = enabled ? 1 : 0;
  await db
    .insertInto('staffAlertSms')
    .values({ staffId, enabled: value })
    .onConflict((oc) => oc.column('staffId').doUpdateSet({ enabled: value }))
    .execute();
}
