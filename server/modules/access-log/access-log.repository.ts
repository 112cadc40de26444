import { sql, type Selectable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { AccessLogTable } from './access-log.table.ts';

/** A visit as logged: every column but the generated id, none left out. */
export type VisitRow = Omit<Selectable<AccessLogTable>, 'id'>;

/** The visit and its day's counter in one transaction, so that the figures match the log. */
export async function insertVisit(db: Db, visit: VisitRow, day: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('accessLog').values(visit).execute();
    await trx
      .insertInto('accessLogDaily')
      .values({ day, visits: 1 })
      .onConflict((oc) => oc.column('day').doUpdateSet({ visits: sql`access_log_daily.visits + 1` }))
      .execute();
  });
}

export async function visitsOn(db: Db, day: string): Promise<number> {
  const row = await db.selectFrom('accessLogDaily').select('visits').where('day', '=', day).executeTakeFirst();
  return Number(row?.visits ?? 0);
}

export async function visitsTotal(db: Db): Promise<number> {
  const { total } = await db
    .selectFrom('accessLogDaily')
    .select((eb) => eb.fn.sum<number | null>('visits').as('total'))
    .executeTakeFirstOrThrow();
  return Number(total ?? 0);
}
