import { z } from './zod.ts';

/** A page visit (docs/product.md §3 "Access log payload"): recorded only for menu pages (contract/menu.ts). */
export const accessLogInputSchema = z.object({
  source: z.literal('pc', { error: '来源 source 只能为 pc' }),
  name: z.string({ error: '请提供页面名称 name' }).trim().min(1, '请提供页面名称 name').max(50, '页面名称不能超过 50 个字'),
  /** A search page's query can be long (encoded Chinese keywords); the log keeps the first 500. */
  url: z.string({ error: '请提供页面地址 url' }).trim().min(1, '请提供页面地址 url').max(2000, '页面地址不能超过 2000 个字符'),
});
export type AccessLogInput = z.infer<typeof accessLogInputSchema>;

export interface Visits {
  /** Visits since midnight in Asia/Shanghai. */
  visitsToday: number;
  visitsTotal: number;
}
