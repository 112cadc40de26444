import { createRequire } from 'node:module';
import { SHANGHAI_OFFSET_MS, shanghaiDayStart } from '#contract/format.ts';

/**
 * Working-day deadlines (docs/domain.md: accept an appeal within 1 working day, reply within 5; a
 * proclamation's objection period of 5 working days), counted as a government office counts
 * them: Monday to Friday in Asia/Shanghai, except the statutory holidays, plus the weekend days
 * worked in their place (调休), as the State Council's annual notice (国务院办公厅关于…年部分节假日
 * 安排的通知) sets them. The notices come from the `chinese-days` package, which follows each
 * year's notice; a year it does not know yet counts Monday to Friday (docs/operations.md says
 * when to update it).
 */
const DAY_MS = 86_400_000;

interface StatutoryCalendar {
  /** Days off, 'YYYY-MM-DD' → holiday name (weekend days inside a holiday included). */
  holidays: Record<string, string>;
  /** Weekend days that are working days (调休), 'YYYY-MM-DD' → the holiday they make up for. */
  workdays: Record<string, string>;
}

let calendar: StatutoryCalendar | null = null;
function statutory(): StatutoryCalendar {
  calendar ??= createRequire(import.meta.url)('chinese-days/dist/chinese-days.json') as StatutoryCalendar;
  return calendar;
}

/** The last year whose holiday notice the calendar holds. */
export function holidayNoticesThrough(): number {
  return Math.max(...Object.keys(statutory().holidays).map((day) => Number(day.slice(0, 4))));
}

/** Midnight of the Shanghai calendar day holding `at`, as a "shifted" epoch whose UTC fields read Shanghai time. */
const shiftedDayStart = (at: Date | string) => shanghaiDayStart(at).getTime() + SHANGHAI_OFFSET_MS;

function isWorkingShifted(shiftedDayStart: number): boolean {
  const date = new Date(shiftedDayStart);
  const day = date.toISOString().slice(0, 10);
  const { holidays, workdays } = statutory();
  if (day in workdays) return true;
  if (day in holidays) return false;
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

export function isWorkingDay(at: Date | string): boolean {
  return isWorkingShifted(shiftedDayStart(at));
}

/**
 * The end (24:00 Asia/Shanghai) of the n-th working day after the calendar day of `from`.
 * The day of `from` itself never counts, whatever the hour: a request filed on Friday at 09:00
 * with one working day is due at the end of Monday.
 */
export function addWorkingDays(from: Date | string, n: number): Date {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('working days must be a whole number ≥ 0');
  let day = shiftedDayStart(from);
  for (let left = n; left > 0; ) {
    day += DAY_MS;
    if (isWorkingShifted(day)) left--;
  }
  return new Date(day + DAY_MS - SHANGHAI_OFFSET_MS);
}
