import { z } from './zod.ts';

/**
 * GET /console/api/dashboard: the 工作台's figures, the person's own work (docs/console.md). The
 * server decides which figures a person gets from their permissions and row scope; each is a
 * number and the console address of the queue it counts.
 */
/** Counts stop here: the page shows "999+", and a queue of tens of thousands costs no more than a short one. */
export const DASHBOARD_COUNT_CAP = 999;

export const DASHBOARD_TONES = ['normal', 'warning', 'danger'] as const;

export const dashboardItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** At most DASHBOARD_COUNT_CAP + 1, which means "more than the cap". */
  count: z.number().int(),
  /** The queue in the console (path and query). */
  link: z.string(),
  /** danger: 超期; warning: 临期; normal: waiting. */
  tone: z.enum(DASHBOARD_TONES),
  /** A line under the label: the limit it runs against, or what it adds up to (合计 12.5 万元). */
  note: z.string().optional(),
});
export type DashboardItem = z.infer<typeof dashboardItemSchema>;

export const dashboardGroupSchema = z.object({
  title: z.string(),
  items: z.array(dashboardItemSchema),
});
export type DashboardGroup = z.infer<typeof dashboardGroupSchema>;

export const dashboardSchema = z.object({ groups: z.array(dashboardGroupSchema) });
export type Dashboard = z.infer<typeof dashboardSchema>;

/** A queue's figures on the dashboard: what waits, and how much of it is past its deadline. */
export interface WaitingCounts {
  waiting: number;
  overdue: number;
}
