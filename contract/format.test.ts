import { describe, expect, it } from 'vitest';
import { AMOUNT_FALLBACK, display, formatAmount, formatDate, formatDateTime, formatDateTimeSeconds, maskPhone, shanghaiDayEnd, shanghaiDayStart, trimDeep } from './format.ts';

describe('amount display (docs/product.md §5)', () => {
  it.each([
    [null, null, AMOUNT_FALLBACK],
    [undefined, undefined, AMOUNT_FALLBACK],
    [0, 0, AMOUNT_FALLBACK],
    [0, undefined, AMOUNT_FALLBACK],
    [50, 50, '50万元'],
    [50, undefined, '50万元'],
    [10, 200, '10-200万元'],
    [0, 30, '30万元'],
    [12.5, 12.5, '12.5万元'],
    [0.0001, 1.25, '0.0001-1.25万元'],
  ])('(%s, %s) → %s', (min, max, text) => {
    expect(formatAmount(min, max)).toBe(text);
  });
});

describe('values', () => {
  it("shows '-' for empty values", () => {
    expect(display(null)).toBe('-');
    expect(display(undefined)).toBe('-');
    expect(display('  ')).toBe('-');
    expect(display(0)).toBe('0');
  });
  it('trims strings deeply', () => {
    expect(trimDeep({ a: ' x ', b: [' y'], c: { d: 'z ' }, n: 1 })).toEqual({ a: 'x', b: ['y'], c: { d: 'z' }, n: 1 });
  });
  it('shows times in Asia/Shanghai', () => {
    expect(formatDateTime('2026-11-21T16:30:00Z')).toBe('2026-11-22 00:30');
    expect(formatDateTime(null)).toBe('-');
    // the audit log's second, and a day that changes at Shanghai's midnight, not UTC's
    expect(formatDateTimeSeconds('2026-11-21T16:30:05Z')).toBe('2026-11-22 00:30:05');
    expect(formatDateTimeSeconds('2026-11-21T15:59:59.999Z')).toBe('2026-11-21 23:59:59');
    expect(formatDate(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });
  it("starts and ends Shanghai's days at its own midnight, for a calendar day and for an instant", () => {
    expect(shanghaiDayStart('2026-03-01').toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(shanghaiDayEnd('2026-03-01').toISOString()).toBe('2026-03-01T15:59:59.999Z');
    // 23:30 UTC on 1 March is 07:30 on 2 March in Shanghai
    expect(shanghaiDayStart('2026-03-01T23:30:00Z').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(shanghaiDayStart('2026-03-01', 1).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(shanghaiDayEnd(new Date('2026-03-01T10:00:00Z'), -1).toISOString()).toBe('2026-02-28T15:59:59.999Z');
  });
  it('masks phones', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});
