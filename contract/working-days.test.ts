import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay } from './working-days.ts';

// 2026-11-20 is a Friday; Shanghai is UTC+8, so 24:00 Shanghai is 16:00Z of the same date.
describe('working days (Mon–Fri, Asia/Shanghai)', () => {
  it.each([
    ['Monday morning + 1 → end of Tuesday', '2026-11-16T01:00:00Z', 1, '2026-11-17T16:00:00.000Z'],
    ['Friday + 1 → end of Monday', '2026-11-20T02:00:00Z', 1, '2026-11-23T16:00:00.000Z'],
    ['Saturday + 1 → end of Monday', '2026-11-21T05:00:00Z', 1, '2026-11-23T16:00:00.000Z'],
    ['Sunday late + 1 → end of Monday', '2026-11-22T15:59:00Z', 1, '2026-11-23T16:00:00.000Z'],
    ['Wednesday + 5 → end of next Wednesday', '2026-11-18T03:00:00Z', 5, '2026-11-25T16:00:00.000Z'],
    ['Friday + 5 → end of next Friday', '2026-11-20T09:59:00Z', 5, '2026-11-27T16:00:00.000Z'],
    ['0 → end of the same day', '2026-11-18T03:00:00Z', 0, '2026-11-18T16:00:00.000Z'],
  ])('%s', (_why, from, n, due) => {
    expect(addWorkingDays(from, n).toISOString()).toBe(due);
  });

  it('takes the Shanghai calendar day, not the UTC one', () => {
    // 2026-11-20T17:00Z is Saturday 01:00 in Shanghai: the next working day is Monday.
    expect(addWorkingDays('2026-11-20T17:00:00Z', 1).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    // 2026-11-15T23:30Z is Monday 07:30 in Shanghai: +1 is the end of Tuesday.
    expect(addWorkingDays('2026-11-15T23:30:00Z', 1).toISOString()).toBe('2026-11-17T16:00:00.000Z');
  });

  it('knows weekends in Shanghai time', () => {
    expect(isWorkingDay('2026-11-20T15:59:00Z')).toBe(true); // Friday 23:59
    expect(isWorkingDay('2026-11-20T16:00:00Z')).toBe(false); // Saturday 00:00
    expect(isWorkingDay('2026-11-22T16:00:00Z')).toBe(true); // Monday 00:00
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addWorkingDays('2026-11-20T02:00:00Z', -1)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-11-20T02:00:00Z', 1.5)).toThrow(RangeError);
  });
});
