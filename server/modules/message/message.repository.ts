import type { Insertable, Selectable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { offsetOf } from '#server/platform/http/paging.ts';
import type { Paging } from '#contract/paging.ts';
import type { MessageTable, SmsDeliveryTable } from './message.table.ts';

export type NewMessage = Insertable<MessageTable>;
export type NewSms = Omit<Insertable<SmsDeliveryTable>, 'messageId'>;
export type SmsRow = Selectable<SmsDeliveryTable>;

/** Writes a message and its SMS (pending) with the caller's transaction; returns the SMS id. */
export async function insertMessage(db: Db, message: NewMessage, sms: NewSms | null): Promise<number | null> {
  const { id } = await db.insertInto('message').values(message).returning('id').executeTakeFirstOrThrow();
  if (!sms) return null;
  const row = await db.insertInto('smsDelivery').values({ ...sms, messageId: id }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Many messages (and their SMS) in multi-row statements, for a step that tells thousands of enterprises at once. */
export async function insertMessages(db: Db, items: readonly { message: NewMessage; sms: NewSms | null }[]): Promise<number[]> {
  const smsIds: number[] = [];
  for (let i = 0; i < items.length; i += 500) {
    const part = items.slice(i, i + 500);
    // A single INSERT … VALUES … RETURNING answers its rows in the order given, on both databases.
    const ids = await db.insertInto('message').values(part.map((p) => p.message)).returning('id').execute();
    const sms = part.flatMap((p, k) => (p.sms ? [{ ...p.sms, messageId: ids[k].id }] : []));
    if (sms.length) smsIds.push(...(await db.insertInto('smsDelivery').values(sms).returning('id').execute()).map((r) => r.id));
  }
  return smsIds;
}

export async function listMessages(db: Db, enterpriseId: number, p: Paging) {
  const [records, { total }] = await Promise.all([
    db
      .selectFrom('message')
      .select(['id', 'title', 'content', 'link', 'readAt', 'createdAt'])
      .where('enterpriseId', '=', enterpriseId)
      .orderBy('id', 'desc')
      .limit(p.pageSize)
      .offset(offsetOf(p))
      .execute(),
    db.selectFrom('message').select((eb) => eb.fn.countAll<number>().as('total')).where('enterpriseId', '=', enterpriseId).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}

export async function countUnread(db: Db, enterpriseId: number): Promise<number> {
  const { n } = await db
    .selectFrom('message')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('enterpriseId', '=', enterpriseId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Marks unread messages of the enterprise read (all of them when `ids` is null); other enterprises' ids are ignored. */
export async function markRead(db: Db, enterpriseId: number, ids: readonly number[] | null, at: string): Promise<number> {
  let query = db.updateTable('message').set({ readAt: at }).where('enterpriseId', '=', enterpriseId).where('readAt', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  const res = await query.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function findSms(db: Db, id: number): Promise<SmsRow | undefined> {
  return db.selectFrom('smsDelivery').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records the gateway's verdict once: a row already settled is left as it is. */
export async function settleSms(db: Db, id: number, status: 'sent' | 'failed', answer: string, at: string): Promise<void> {
  await db.updateTable('smsDelivery').set({ status, answer: answer.slice(0, 300), sentAt: at }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/** What was sent about a record (its messages link to it), newest first: for staff and tests. */
export async function listSmsByLink(db: Db, link: string) {
  return db
    .selectFrom('smsDelivery')
    .innerJoin('message', 'message.id', 'smsDelivery.messageId')
    .select(['smsDelivery.id', 'smsDelivery.phone', 'smsDelivery.template', 'smsDelivery.content', 'smsDelivery.status', 'smsDelivery.answer', 'smsDelivery.createdAt', 'smsDelivery.sentAt'])
    .where('message.link', '=', link)
    .orderBy('smsDelivery.id', 'desc')
    .execute();
}
