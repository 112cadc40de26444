/**
 * Display helpers of docs/product.md §5 and docs/api.md "Values", used on the server (SSR) and in the browser
 * alike, so that both print the same thing and hydration never differs.
 */
export const EMPTY = '-';
export const AMOUNT_FALLBACK = '根据实际情况给予资金扶持';

export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/** Empty values display as '-'. */
export function display(v: unknown): string {
  return isEmptyValue(v) ? EMPTY : String(v);
}

/** Amounts are in 万元 with up to 4 decimals; trailing zeros are dropped. */
function wan(n: number): string {
  return String(Number(n.toFixed(4)));
}

/**
 * Amount display: an empty, zero or zero-range value shows 根据实际情况给予资金扶持;
 * otherwise the value with unit 万元, a range as both ends, or one if equal.
 */
export function formatAmount(min: number | null | undefined, max?: number | null): string {
  const lo = min ?? 0;
  const hi = max === undefined ? lo : (max ?? 0);
  if (!lo && !hi) return AMOUNT_FALLBACK;
  if (!lo || !hi || lo === hi) return `${wan(lo || hi)}万元`;
  return `${wan(Math.min(lo, hi))}-${wan(Math.max(lo, hi))}万元`;
}

/** Strings are trimmed automatically: deep, over objects and arrays; empty optional strings become null. */
export function trimDeep<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map(trimDeep) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = trimDeep(v);
    return out as T;
  }
  return value;
}

/** The bureau, as enterprises know it: who signs its steps and its documents. */
export const BUREAU = '企业服务局';

/** Asia/Shanghai's offset from UTC, always: China keeps no daylight saving time. */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * 00:00 in Shanghai of the day that holds `at`, or of the day `days` after it. A calendar day
 * (YYYY-MM-DD) is its own day: it parses as UTC midnight, which is 08:00 of that day in Shanghai.
 */
export function shanghaiDayStart(at: Date | string | number, days = 0): Date {
  const t = new Date(at).getTime();
  return new Date((Math.floor((t + SHANGHAI_OFFSET_MS) / DAY_MS) + days) * DAY_MS - SHANGHAI_OFFSET_MS);
}

/**
 * The last instant (23:59:59.999 in Shanghai) of the same day: a span of whole days (a policy's
 * validity, a project's application window) is stored with both ends inside it, compared with <=.
 */
export function shanghaiDayEnd(at: Date | string | number, days = 0): Date {
  return new Date(shanghaiDayStart(at, days + 1).getTime() - 1);
}

function shanghaiParts(iso: string | Date) {
  const d = new Date(new Date(iso).getTime() + SHANGHAI_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`,
    time: `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`,
    seconds: p(d.getUTCSeconds()),
  };
}

/** Times show in Asia/Shanghai as YYYY-MM-DD HH:mm. */
export function formatDateTime(iso: string | Date | null | undefined): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return EMPTY;
  const { date, time } = shanghaiParts(iso);
  return `${date} ${time}`;
}

/** YYYY-MM-DD HH:mm:ss in Asia/Shanghai: where a record must say exactly when (the audit log). */
export function formatDateTimeSeconds(iso: string | Date | null | undefined): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return EMPTY;
  const { date, time, seconds } = shanghaiParts(iso);
  return `${date} ${time}:${seconds}`;
}

export function formatDate(iso: string | Date | null | undefined): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return EMPTY;
  return shanghaiParts(iso).date;
}

/** 138****1234 */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return EMPTY;
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/**
 * A deadline as people read it. Working-day limits end at midnight in Shanghai, which
 * formatDateTime shows as the next day's 00:00 (suggesting the day after) and "24:00" reads as a
 * time that does not exist on a clock; "2026-11-11 23:59" is the last minute of the day, as
 * clerks and enterprises write it. Other times are shown as they are.
 */
export function formatDeadline(iso: string | null | undefined): string {
  if (!iso) return formatDateTime(iso);
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return formatDateTime(iso);
  if ((t + SHANGHAI_OFFSET_MS) % DAY_MS !== 0) return formatDateTime(iso);
  return `${formatDateTime(new Date(t - DAY_MS)).slice(0, 10)} 23:59`;
}
