import { formatDateTime } from '#contract/format.ts';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/**
 * A deadline as people read it. Working-day limits end at midnight in Shanghai, which
 * formatDateTime shows as the next day's 00:00; "2026-11-11 24:00" says the same thing without
 * suggesting the day after. Other times are shown as they are.
 */
export function formatDeadline(iso: string | null | undefined): string {
  if (!iso) return formatDateTime(iso);
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return formatDateTime(iso);
  if ((t + SHANGHAI_OFFSET_MS) % DAY_MS !== 0) return formatDateTime(iso);
  return `${formatDateTime(new Date(t - DAY_MS)).slice(0, 10)} 24:00`;
}
