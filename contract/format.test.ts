import { describe, expect, it } from 'vitest';
import { AMOUNT_FALLBACK, display, formatAmount, formatDate, formatDateTime, formatDateTimeSeconds, maskPhone, trimDeep } from './format.ts';

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
  it('masks phones', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});
