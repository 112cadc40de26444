import { addWorkingDays } from './working-days.ts';

/** `now` and the latest 临期 deadline at `now`, as ISO strings: what deadlines are compared with, in code and in SQL filters. */
export interface DeadlineBounds {
  readonly now: string;
  readonly soonUntil: string;
}

/** The last bounds worked out, kept for the next call: a list asks once per row with one `now`. */
let last: { ms: number; bounds: DeadlineBounds } = { ms: Number.NaN, bounds: { now: '', soonUntil: '' } };

export function deadlineBounds(now: Date = new Date()): DeadlineBounds {
  const ms = now.getTime();
  if (ms !== last.ms) last = { ms, bounds: { now: now.toISOString(), soonUntil: dueSoonUntil(now) } };
  return last.bounds;
}

/**
 * 超期 and 临期 (docs/console.md "Workflows"): overdue once the deadline has passed; due soon while at
 * most one working day is left (the deadline falls before the end of the next working day).
 * Lists, detail pages and the dashboard all ask this one function, so they never disagree.
 */
export function deadlineFlags(dueAt: string | null, now: Date = new Date()): { overdue: boolean; dueSoon: boolean } {
  if (!dueAt) return { overdue: false, dueSoon: false };
  const b = deadlineBounds(now);
  if (b.now > dueAt) return { overdue: true, dueSoon: false };
  return { overdue: false, dueSoon: dueAt <= b.soonUntil };
}

/** The latest deadline that counts as 临期 at `now`. */
function dueSoonUntil(now: Date): string {
  return addWorkingDays(now, 1).toISOString();
}
