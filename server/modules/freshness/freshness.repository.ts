import { PUBLIC_PROCLAMATION_STATUSES } from '#contract/proclamation.console.ts';
import type { Db } from '#server/db/database.ts';

/**
 * The newest publication of each public column, as the public lists select their rows (published,
 * and already public at `now`); null where nothing is.
 */
export async function lastPublished(db: Db, now: string) {
  const newest = <T extends { last: string | null } | undefined>(row: T) => row?.last ?? null;
  const [notice, policy, byCategory, declareProject, freeProject, proclamation] = await Promise.all([
    db.selectFrom('notice').select((eb) => eb.fn.max('publishAt').as('last')).where('status', '=', 'published').where('publishAt', '<=', now).executeTakeFirst(),
    db.selectFrom('policy').select((eb) => eb.fn.max('publishAt').as('last')).where('status', '=', 'published').where('publishAt', '<=', now).executeTakeFirst(),
    db
      .selectFrom('policy')
      .select((eb) => ['category', eb.fn.max('publishAt').as('last')])
      .where('status', '=', 'published')
      .where('publishAt', '<=', now)
      .groupBy('category')
      .execute(),
    // A project has no publication time of its own: it is news when its application opens.
    db.selectFrom('declareProject').select((eb) => eb.fn.max('applyStart').as('last')).where('enabled', '=', 1).where('applyStart', '<=', now).executeTakeFirst(),
    db.selectFrom('freeProject').select((eb) => eb.fn.max('publishAt').as('last')).where('status', '=', 'published').where('publishAt', '<=', now).executeTakeFirst(),
    db
      .selectFrom('proclamation')
      .select((eb) => eb.fn.max('publishAt').as('last'))
      .where('status', 'in', PUBLIC_PROCLAMATION_STATUSES)
      .where('publishAt', '<=', now)
      .executeTakeFirst(),
  ]);
  return {
    notice: newest(notice),
    policy: newest(policy),
    policyByCategory: new Map(byCategory.map((r) => [r.category, r.last ?? null])),
    declareProject: newest(declareProject),
    freeProject: newest(freeProject),
    proclamation: newest(proclamation),
  };
}

export async function alertStates(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('freshnessAlert').select(['columnKey', 'state']).execute();
  return new Map(rows.map((r) => [r.columnKey, r.state]));
}

/**
 * Moves a column from the state last seen (`from`, null: never seen) to `to`; false when another
 * process moved it first, so that of several workers running the job only one sends the alert.
 */
export async function moveState(db: Db, column: string, from: string | null, to: string, at: string): Promise<boolean> {
  if (from === null) {
    const r = await db.insertInto('freshnessAlert').values({ columnKey: column, state: to, changedAt: at }).onConflict((oc) => oc.column('columnKey').doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const r = await db.updateTable('freshnessAlert').set({ state: to, changedAt: at }).where('columnKey', '=', column).where('state', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
