import { z } from './zod.ts';

/** What a 申报项目 and a 免申即享 project both say about themselves in a list. */
export const projectSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  categoryText: z.string(),
  department: z.string(),
  policyId: z.number().int().nullable(),
  /** 万元; null when the bureau set no figure (the page then shows 根据实际情况给予资金扶持). */
  amountMin: z.number().nullable(),
  amountMax: z.number().nullable(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** What both add on their detail page. */
export const projectBodyFields = {
  conditions: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
};
