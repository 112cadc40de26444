import { z } from './zod.ts';

/** GET /api/access-log/home-statistic: the figures of the home page. */
export const homeStatisticSchema = z.object({
  visitsToday: z.number().int(),
  visitsTotal: z.number().int(),
  policyCount: z.number().int(),
  noticeCount: z.number().int(),
  appealCount: z.number().int(),
  appealResolvedCount: z.number().int(),
  /** Percent (0–100, one decimal) of appeal evaluations at 基本满意 or better; null before the first one. */
  satisfactionRate: z.number().nullable(),
});
export type HomeStatistic = z.infer<typeof homeStatisticSchema>;
