import { addWorkingDays } from './working-days.ts';

/** `now` as deadlines are compared with it, kept for the next call: a list asks once per row with one `now`. */
let clock = { ms: Number.NaN, at: '', soonUntil: '' };

function clockAt(now: Date) {
  const ms = now.getTime();
  if (ms !== clock.ms) clock = { ms, at: now.toISOString(), soonUntil: dueSoonUntil(now) };
  return clock;
}

/**
 * 超期 and 临期 (console.md "Workflows"): overdue once the deadline has passed; due soon while at
 * most one working day is left (the deadline falls before the end of the next working day).
 * Lists, detail pages and the dashboard all ask this one function, so they never disagree.
 */
export function deadlineFlags(dueAt: string | null, now: Date = new Date()): { overdue: boolean; dueSoon: boolean } {
  if (!dueAt) return { overdue: false, dueSoon: false };
  const { at, soonUntil } = clockAt(now);
  if (at > dueAt) return { overdue: true, dueSoon: false };
  return { overdue: false, dueSoon: dueAt <= soonUntil };
}

/** The latest deadline that counts as 临期 at `now` (for SQL filters: due_at between now and this). */
export function dueSoonUntil(now: Date = new Date()): string {
  return addWorkingDays(now, 1).toISOString();
}
