import { formatDate } from '#contract/format.ts';

/**
 * Receipt numbers that a person can read out on the phone: a prefix, the Asia/Shanghai date and a
 * daily sequence, e.g. YY20261121-0007. Sequences come from the highest number of the day; a
 * concurrent writer that takes the same number hits the unique index and tries the next one.
 */
export function receiptDay(prefix: string, at: Date): string {
  return `${prefix}${formatDate(at).replaceAll('-', '')}-`;
}

export function nextReceiptNo(day: string, highest: string | null): string {
  const last = highest ? Number(highest.slice(day.length)) : 0;
  return `${day}${String(last + 1).padStart(4, '0')}`;
}

/** A unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Runs `insert` with the next free receipt number of the day, retrying on a clash. */
export async function withReceiptNo<T>(
  prefix: string,
  at: Date,
  highestOf: (day: string) => Promise<string | null>,
  insert: (receiptNo: string) => Promise<T>,
): Promise<{ receiptNo: string; result: T }> {
  const day = receiptDay(prefix, at);
  for (let attempt = 0; ; attempt++) {
    const receiptNo = nextReceiptNo(day, await highestOf(day));
    try {
      return { receiptNo, result: await insert(receiptNo) };
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 9) throw err;
    }
  }
}
