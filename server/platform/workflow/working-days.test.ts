import { describe, expect, it } from 'vitest';
import { addWorkingDays, holidayNoticesThrough, isWorkingDay } from './working-days.ts';

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

  it('answers a second question about the same day by its own count, and a changed answer does not stay', () => {
    // The same Friday asked twice in a row with different counts, then another day with the first count.
    expect(addWorkingDays('2026-11-20T02:00:00Z', 1).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(addWorkingDays('2026-11-20T09:00:00Z', 5).toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(addWorkingDays('2026-11-18T03:00:00Z', 5).toISOString()).toBe('2026-11-25T16:00:00.000Z');
    const due = addWorkingDays('2026-11-18T03:00:00Z', 5);
    due.setUTCFullYear(2000);
    expect(addWorkingDays('2026-11-18T03:00:00Z', 5).toISOString()).toBe('2026-11-25T16:00:00.000Z');
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addWorkingDays('2026-11-20T02:00:00Z', -1)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-11-20T02:00:00Z', 1.5)).toThrow(RangeError);
  });
});

// 国务院办公厅关于2026年部分节假日安排的通知 (2025-11-04): 春节 2月15日至23日放假, 2月14日（周六）、
// 2月28日（周六）上班; 国庆节 10月1日至7日放假, 9月20日（周日）、10月10日（周六）上班.
describe('working days around the statutory holidays of 2026', () => {
  it.each([
    ['filed the day before 国庆 + 1 → end of 8 October', '2026-09-30T02:00:00Z', 1, '2026-10-08T16:00:00.000Z'],
    ['accepted on 8 October + 5 → the Saturday 10 October counts → end of 14 October', '2026-10-08T03:00:00Z', 5, '2026-10-14T16:00:00.000Z'],
    ['filed on Friday 13 February + 1 → Saturday 14 February is worked', '2026-02-13T02:00:00Z', 1, '2026-02-14T16:00:00.000Z'],
    ['filed on 14 February + 1 → the holiday runs to 23 February → end of 24 February', '2026-02-14T02:00:00Z', 1, '2026-02-24T16:00:00.000Z'],
    ['filed on Saturday 19 September + 1 → Sunday 20 September is worked', '2026-09-19T02:00:00Z', 1, '2026-09-20T16:00:00.000Z'],
  ])('%s', (_why, from, n, due) => {
    expect(addWorkingDays(from, n).toISOString()).toBe(due);
  });

  it('tells holidays and their make-up days in Shanghai time', () => {
    expect(isWorkingDay('2026-10-05T02:00:00Z')).toBe(false); // Monday, 国庆
    expect(isWorkingDay('2026-10-10T02:00:00Z')).toBe(true); // Saturday, worked
    expect(isWorkingDay('2026-02-14T15:59:00Z')).toBe(true); // Saturday 23:59, worked
    expect(isWorkingDay('2026-02-14T16:00:00Z')).toBe(false); // Sunday 15 February 00:00, 春节
  });

  it('holds the notices up to 2026 at least, and counts Monday to Friday beyond them', () => {
    expect(holidayNoticesThrough()).toBeGreaterThanOrEqual(2026);
    // 2099-01-01 is a Thursday: no notice covers it, so it is an ordinary working day.
    expect(isWorkingDay('2099-01-01T02:00:00Z')).toBe(true);
    expect(addWorkingDays('2099-01-02T02:00:00Z', 1).toISOString()).toBe('2099-01-05T16:00:00.000Z');
  });
});
