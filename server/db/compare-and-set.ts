import type { Kysely, UpdateResult } from 'kysely';
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

/** A record with a status and a timeline of its steps: where its rows and its timeline rows live. */
export interface Timelined {
  table: 'appeal' | 'declareEnt' | 'freeDeclareEnt';
  timeline: 'appealTimeline' | 'declareEntTimeline' | 'freeDeclareTimeline';
  /** The timeline's column naming the record. */
  key: 'appealId' | 'declareEntId' | 'freeDeclareEntId';
}

/** One step of such a record, as its repository types it (its states, its columns, its timeline rows). */
export interface Step<Status, Patch, Event, T> {
  /** The states the step may start from. */
  from: readonly Status[];
  /** When given, the row must also be unchanged since it was read (its `updatedAt`): a double click acts once. */
  unchangedSince?: string;
  patch: Patch;
  /** Timeline rows the step adds. */
  events?: readonly Event[];
  /** What else the step writes in its transaction (messages); its result is passed back. */
  within?: Within<T>;
}

/**
 * Moves a record only if it is still in one of `from` (and unchanged since it was read, when
 * asked), adds its timeline rows and runs `within`, all in one transaction: the compare-and-set of
 * every workflow with a timeline (appeals, declarations, 免申即享 rows). Null when it moved on.
 */
export async function transition<Status, Patch, Event, T>(db: Db, where: Timelined, id: number, step: Step<Status, Patch, Event, T>): Promise<{ result: T | undefined } | null> {
  // The three tables share these columns; Kysely cannot type a table chosen at run time.
  const untyped = (trx: Db) => trx as unknown as Kysely<any>;
  const { from, unchangedSince, patch, events = [], within } = step;
  return compareAndSet(
    db,
    (trx) => {
      const query = untyped(trx).updateTable(where.table).set(patch as object).where('id', '=', id).where('status', 'in', from);
      return (unchangedSince === undefined ? query : query.where('updatedAt', '=', unchangedSince)).executeTakeFirst();
    },
    async (trx) => {
      if (events.length) await untyped(trx).insertInto(where.timeline).values(events.map((e) => ({ ...e, [where.key]: id }))).execute();
      return within ? await within(trx) : undefined;
    },
  );
}
