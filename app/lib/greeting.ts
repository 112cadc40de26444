import { SHANGHAI_OFFSET_MS } from '#contract/format.ts';

/**
 * The time-of-day greeting, always in Asia/Shanghai: the server and every browser (whatever its
 * own time zone) say the same thing, so hydration never differs.
 */
export function greetingOf(now: Date): string {
  const hour = new Date(now.getTime() + SHANGHAI_OFFSET_MS).getUTCHours();
  if (hour < 5) return '夜深了';
  if (hour < 9) return '早上好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}
