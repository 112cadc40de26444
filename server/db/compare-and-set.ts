import type { UpdateResult } from 'kysely';
import type { Db } from './database.ts';

/** What else a step writes in its transaction (timeline rows, messages); its result is passed back. */
export type Within<T> = (trx: Db) => Promise<T>;

/** Thrown inside the transaction to roll it back when the rows had moved on. */
class Moved extends Error {}

/**
 * A compare-and-set in one transaction: `update` changes the rows only in the state they were
 * read in (its `where` says which). When it changed exactly `expected` rows, `then` writes the rest
 * of the step (timeline rows, messages) in the same transaction and its result is passed back;
 * otherwise everything is rolled back and the answer is null, so two concurrent steps cannot both
 * win and a double click acts once.
 */
export async function compareAndSet<T>(db: Db, update: (trx: Db) => Promise<UpdateResult>, then: Within<T>, expected = 1): Promise<{ result: T } | null> {
  return db
    .transaction()
    .execute(async (trx) => {
      const res = await update(trx);
      if (Number(res.numUpdatedRows) !== expected) throw new Moved();
      return { result: await then(trx) };
    })
    .catch((err: unknown) => {
      if (err instanceof Moved) return null;
      throw err;
    });
}
