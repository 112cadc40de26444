import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/** The window: the first moment of each of the 12 months (UTC ISO strings of Beijing month starts), and now. */
export interface Window {
  monthStarts: readonly string[];
  now: string;
}

/** Sums of one department (null: the bureau itself) in one month (index into monthStarts). */
/** The sums of one department and month, before anything is counted (copy it, never change it). */
export const NO_SUMS = {
  received: 0,
  acceptDue: 0,
  acceptOnTime: 0,
  resolveDue: 0,
  resolveOnTime: 0,
  rated: 0,
  satisfied: 0,
  badDue: 0,
  rectified: 0,
};
export type Sums = typeof NO_SUMS;
export type Bucket = Sums & { departmentId: number | null; month: number };

/** Which of the months a stamp falls in: the latest month start at or before it. */
const monthOf = (column: string, w: Window) =>
  sql<number>`case ${sql.join(w.monthStarts.map((start, i) => sql`when ${sql.ref(column)} >= ${start} then ${sql.lit(i)}`).reverse(), sql` `)} else -1 end`;

const flag = (condition: ReturnType<typeof sql>) => sql<number>`case when ${condition} then 1 else 0 end`;
const total = (column: string) => sql<number>`sum(${sql.ref(column)})`;

/**
 * Appeals received in the window, by department and month of receipt. Accepting is judged for
 * every appeal the bureau decided or whose acceptance deadline passed (a refusal is a decision
 * too: its moment is on the timeline); answering for every appeal answered or past its reply
 * deadline. An appeal reopened by a bad rating is judged by its latest answer against the
 * deadline then in force (the rectification's).
 */
async function received(db: Db, w: Window) {
  const rows = db
    .selectFrom('appeal')
    .select((eb) => {
      const rejectedAt = eb
        .selectFrom('appealTimeline')
        .select((t) => t.fn.min('appealTimeline.at').as('at'))
        .whereRef('appealTimeline.appealId', '=', 'appeal.id')
        .where('appealTimeline.action', '=', 'rejected');
      return [
        'appeal.departmentId',
        monthOf('appeal.createdAt', w).as('month'),
        flag(sql`${sql.ref('appeal.status')} <> 'pending' or ${sql.ref('appeal.acceptDeadlineAt')} < ${w.now}`).as('acceptDue'),
        sql<number>`case
        when ${sql.ref('appeal.acceptedAt')} is not null then case when ${sql.ref('appeal.acceptedAt')} <= ${sql.ref('appeal.acceptDeadlineAt')} then 1 else 0 end
        when ${sql.ref('appeal.status')} = 'rejected' then case when (${rejectedAt}) <= ${sql.ref('appeal.acceptDeadlineAt')} then 1 else 0 end
        else 0 end`.as('acceptOnTime'),
        flag(
          sql`${sql.ref('appeal.status')} in ('resolved', 'evaluated') or (${sql.ref('appeal.status')} = 'processing' and ${sql.ref('appeal.replyDeadlineAt')} < ${w.now})`,
        ).as('resolveDue'),
        flag(sql`${sql.ref('appeal.status')} in ('resolved', 'evaluated') and ${sql.ref('appeal.repliedAt')} <= ${sql.ref('appeal.replyDeadlineAt')}`).as(
          'resolveOnTime',
        ),
      ];
    })
    .where('appeal.createdAt', '>=', w.monthStarts[0])
    .where('appeal.status', '<>', 'withdrawn')
    .as('r');
  return db
    .selectFrom(rows)
    .select(['r.departmentId', 'r.month'])
    .select((eb) => [
      eb.fn.countAll<number>().as('received'),
      total('r.acceptDue').as('acceptDue'),
      total('r.acceptOnTime').as('acceptOnTime'),
      total('r.resolveDue').as('resolveDue'),
      total('r.resolveOnTime').as('resolveOnTime'),
    ])
    .groupBy(['r.departmentId', 'r.month'])
    .execute();
}

/**
 * Every rating given in the window, by the month it was given. A 不满意 or worse rating always
 * opens a follow-up (which keeps its level and department), and a rating at 基本满意 or better
 * ends the appeal as 已评价, so the two together are every rating, re-ratings included.
 */
async function satisfied(db: Db, w: Window) {
  return db
    .selectFrom(
      db
        .selectFrom('appeal')
        .select(['appeal.departmentId', monthOf('appeal.evaluatedAt', w).as('month'), flag(sql`${sql.ref('appeal.evaluationLevel')} <= 3`).as('satisfied')])
        .where('appeal.status', '=', 'evaluated')
        .where('appeal.evaluatedAt', '>=', w.monthStarts[0])
        .as('e'),
    )
    .select(['e.departmentId', 'e.month', (eb) => eb.fn.countAll<number>().as('rated'), total('e.satisfied').as('satisfied')])
    .groupBy(['e.departmentId', 'e.month'])
    .execute();
}

/** 差评 of the window by the month given: rectified once fed back; judged once fed back or past due. */
async function badRatings(db: Db, w: Window) {
  return db
    .selectFrom(
      db
        .selectFrom('appealFollowUp')
        .select([
          'appealFollowUp.departmentId',
          monthOf('appealFollowUp.createdAt', w).as('month'),
          flag(sql`${sql.ref('appealFollowUp.status')} = 'fed_back' or ${sql.ref('appealFollowUp.dueAt')} < ${w.now}`).as('badDue'),
          flag(sql`${sql.ref('appealFollowUp.status')} = 'fed_back'`).as('rectified'),
        ])
        .where('appealFollowUp.createdAt', '>=', w.monthStarts[0])
        .as('f'),
    )
    .select(['f.departmentId', 'f.month', (eb) => eb.fn.countAll<number>().as('rated'), total('f.badDue').as('badDue'), total('f.rectified').as('rectified')])
    .groupBy(['f.departmentId', 'f.month'])
    .execute();
}

/** The sums of the window, one bucket per department and month that has anything. */
export async function performanceBuckets(db: Db, w: Window): Promise<Bucket[]> {
  const [a, e, f] = await Promise.all([received(db, w), satisfied(db, w), badRatings(db, w)]);
  const buckets = new Map<string, Bucket>();
  const at = (departmentId: number | null, month: number) => {
    const key = `${departmentId}:${month}`;
    let b = buckets.get(key);
    if (!b) {
      b = { departmentId, month, ...NO_SUMS };
      buckets.set(key, b);
    }
    return b;
  };
  for (const r of a) {
    const b = at(r.departmentId, Number(r.month));
    b.received += Number(r.received);
    b.acceptDue += Number(r.acceptDue);
    b.acceptOnTime += Number(r.acceptOnTime);
    b.resolveDue += Number(r.resolveDue);
    b.resolveOnTime += Number(r.resolveOnTime);
  }
  for (const r of e) {
    const b = at(r.departmentId, Number(r.month));
    b.rated += Number(r.rated);
    b.satisfied += Number(r.satisfied);
  }
  // A bad rating is a rating too, never a satisfied one.
  for (const r of f) {
    const b = at(r.departmentId, Number(r.month));
    b.rated += Number(r.rated);
    b.badDue += Number(r.badDue);
    b.rectified += Number(r.rectified);
  }
  return [...buckets.values()];
}

/** Every department in the bureau's order. */
export async function departments(db: Db) {
  return db.selectFrom('department').select(['id', 'name', 'status']).orderBy('sort').orderBy('id').execute();
}
