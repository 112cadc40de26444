import { describe, expect, it } from 'vitest';
import { deadlineFlags } from './deadline-flags.ts';

// 2026-11-26 is a Thursday; 24:00 Shanghai is 16:00Z of the same date.
const THURSDAY = new Date('2026-11-26T02:00:00Z');
const FRIDAY = new Date('2026-11-27T02:00:00Z');
const MONDAY_LATE = new Date('2026-11-30T11:00:00Z');
const DUE_MONDAY = '2026-11-30T10:00:00.000Z';

describe('超期 and 临期', () => {
  it('is due soon from the working day before, overdue once passed', () => {
    expect(deadlineFlags(DUE_MONDAY, THURSDAY)).toEqual({ overdue: false, dueSoon: false });
    expect(deadlineFlags(DUE_MONDAY, FRIDAY)).toEqual({ overdue: false, dueSoon: true });
    expect(deadlineFlags(DUE_MONDAY, MONDAY_LATE)).toEqual({ overdue: true, dueSoon: false });
  });

  it('answers for the moment asked, whatever was asked before', () => {
    // A list asks with one `now` for all its rows; the next list asks with a later one.
    expect(deadlineFlags(DUE_MONDAY, MONDAY_LATE).overdue).toBe(true);
    expect(deadlineFlags(DUE_MONDAY, new Date(FRIDAY))).toEqual({ overdue: false, dueSoon: true });
    expect(deadlineFlags(DUE_MONDAY, new Date(THURSDAY))).toEqual({ overdue: false, dueSoon: false });
  });

  it('flags nothing without a deadline', () => {
    expect(deadlineFlags(null, FRIDAY)).toEqual({ overdue: false, dueSoon: false });
  });
});
