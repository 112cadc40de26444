/**
 * Working-day deadlines (domain.md: accept an appeal within 1 working day, reply within 5; a
 * proclamation's objection period of 5 working days). Working days are Monday to Friday in
 * Asia/Shanghai; statutory holidays and their swapped weekends are not modelled (docs/decisions.md).
 */
const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000; // China keeps no daylight saving time

/** Midnight of the Shanghai calendar day holding `at`, as a "shifted" epoch whose UTC fields read Shanghai time. */
function shanghaiDayStart(at: Date): number {
  const shifted = at.getTime() + SHANGHAI_OFFSET_MS;
  return shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS);
}

const isWeekdayShifted = (shiftedDayStart: number) => {
  const wd = new Date(shiftedDayStart).getUTCDay();
  return wd !== 0 && wd !== 6;
};

export function isWorkingDay(at: Date | string): boolean {
  return isWeekdayShifted(shanghaiDayStart(new Date(at)));
}

/**
 * The end (24:00 Asia/Shanghai) of the n-th working day after the calendar day of `from`.
 * The day of `from` itself never counts, whatever the hour: a request filed on Friday at 09:00
 * with one working day is due at the end of Monday.
 */
export function addWorkingDays(from: Date | string, n: number): Date {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('working days must be a whole number ≥ 0');
  let day = shanghaiDayStart(new Date(from));
  for (let left = n; left > 0; ) {
    day += DAY_MS;
    if (isWeekdayShifted(day)) left--;
  }
  return new Date(day + DAY_MS - SHANGHAI_OFFSET_MS);
}
