import { z } from './zod.ts';

/**
 * GET /api/performance: the bureau's public accountability figures (docs/console.md "Public
 * accountability") over the last 12 months, overall, per department and per month.
 *
 * Every rate counts an item once its outcome is known — done, or its deadline passed — so that
 * work still within its time limit neither helps nor hurts a department.
 */
export const PERFORMANCE_MONTHS = 12;

/** A share: `count` of `total`, and the percentage (one decimal); null when there is nothing to measure yet. */
export const ratioSchema = z.object({
  count: z.number().int(),
  total: z.number().int(),
  rate: z.number().nullable(),
});
export type Ratio = z.infer<typeof ratioSchema>;

export const performanceFiguresSchema = z.object({
  /** Appeals received (withdrawn ones are not the bureau's work). */
  received: z.number().int(),
  /** 按时受理: accepted or refused by the acceptance deadline. */
  acceptedOnTime: ratioSchema,
  /** 按时办结: answered by the reply deadline in force (an approved extension counts). */
  resolvedOnTime: ratioSchema,
  /** 满意率: ratings at 基本满意 or better over every rating given. */
  satisfaction: ratioSchema,
  /** 差评整改率: 不满意 and 非常不满意 ratings followed by a rectification fed back to the enterprise. */
  rectified: ratioSchema,
});
export type PerformanceFigures = z.infer<typeof performanceFiguresSchema>;

export const performanceSchema = z.object({
  /** First and last day covered (YYYY-MM-DD, Beijing time). */
  from: z.string(),
  to: z.string(),
  /** When the figures were computed; they are kept a minute. */
  computedAt: z.string(),
  overall: performanceFiguresSchema,
  /**
   * Every department, in the bureau's order, those without a single record included; `id` null is
   * the bureau itself for the appeals it answered without assigning them (shown when it has any).
   */
  departments: z.array(
    performanceFiguresSchema.extend({
      id: z.number().int().nullable(),
      name: z.string(),
    }),
  ),
  /** The 12 months, oldest first: `month` is YYYY-MM. */
  months: z.array(performanceFiguresSchema.extend({ month: z.string() })),
});
export type Performance = z.infer<typeof performanceSchema>;

/** The name of the row for appeals the bureau answered itself. */
export const BUREAU_DIRECT = '企业服务局（直接办理）';

export const ratio = (count: number, total: number): Ratio => ({
  count,
  total,
  rate: total ? Math.round((count / total) * 1000) / 10 : null,
});
