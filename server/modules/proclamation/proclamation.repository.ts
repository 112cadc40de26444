import type { Insertable } from 'kysely';
import type { Paging } from '#contract/paging.ts';
import { PUBLIC_PROCLAMATION_STATUSES } from '#contract/proclamation.console.ts';
import type { Db } from '#server/db/database.ts';
import { offsetOf } from '#server/platform/http/paging.ts';
import type { ProclamationObjectionTable } from './proclamation.table.ts';

/** What the public sees: published or concluded (drafts and revoked ones never). */
function published(db: Db, now: string) {
  return db
    .selectFrom('proclamation as c')
    .innerJoin('declareProject as p', 'p.id', 'c.projectId')
    .where('c.status', 'in', PUBLIC_PROCLAMATION_STATUSES)
    .where('c.publishAt', '<=', now);
}

const columns = ['c.id', 'c.projectId', 'p.name as projectName', 'c.title', 'c.publishAt', 'c.objectionEndAt', 'c.enterprises'] as const;

/** Newest first; id breaks ties so that paging is stable. */
export async function listProclamations(db: Db, q: Paging, now: string) {
  const [records, { total }] = await Promise.all([
    published(db, now).select(columns).orderBy('c.publishAt', 'desc').orderBy('c.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute(),
    published(db, now).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(total) };
}
export type ProclamationListRow = Awaited<ReturnType<typeof listProclamations>>['records'][number];

export async function findProclamation(db: Db, id: number, now: string) {
  return published(db, now).select([...columns, 'c.content']).where('c.id', '=', id).executeTakeFirst();
}

export async function highestObjectionReceipt(db: Db, day: string): Promise<string | null> {
  const row = await db
    .selectFrom('proclamationObjection')
    .select((eb) => eb.fn.max('receiptNo').as('highest'))
    .where('receiptNo', '>=', day)
    .where('receiptNo', '<', `${day}~`)
    .executeTakeFirst();
  return (row?.highest as string | null) ?? null;
}

export async function insertObjection(db: Db, row: Insertable<ProclamationObjectionTable>): Promise<void> {
  await db.insertInto('proclamationObjection').values(row).execute();
}

/** The objector's own objections to one 公示, oldest first. */
export async function listOwnObjections(db: Db, enterpriseId: number, proclamationId: number) {
  return db
    .selectFrom('proclamationObjection')
    .select(['receiptNo', 'reason', 'status', 'result', 'reply', 'answeredAt', 'createdAt', 'dueAt'])
    .where('enterpriseId', '=', enterpriseId)
    .where('proclamationId', '=', proclamationId)
    .orderBy('id')
    .execute();
}
