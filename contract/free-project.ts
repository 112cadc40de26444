import { z } from './zod.ts';
import { recordIdSchema } from './console-list.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';
import { AMOUNT_ORDER_MESSAGE, amountOrder, projectInputFields, projectRulesFields, projectSummarySchema } from './project-fields.ts';

/**
 * 免申即享 projects in the console (docs/console.md "免申即享"): draft → published → closed. Only a
 * published project is public and takes an eligibility list; a closed one leaves the public list
 * and keeps its rows for the record.
 */
export const FREE_PROJECT_STATUS = { draft: '草稿', published: '已发布', closed: '已结束' } as const;
export type FreeProjectStatus = keyof typeof FREE_PROJECT_STATUS;
export const FREE_PROJECT_STATUSES = Object.keys(FREE_PROJECT_STATUS) as [FreeProjectStatus, ...FreeProjectStatus[]];

export const freeProjectConsoleQuerySchema = pagingSchema.extend({
  keyword: keywordSchema,
  status: z.enum(FREE_PROJECT_STATUSES, { error: '状态只能是草稿、已发布或已结束' }).nullish().transform((v) => v ?? undefined),
});
export type FreeProjectConsoleQuery = z.output<typeof freeProjectConsoleQuerySchema>;

/** POST /console/api/free-project/save: a new draft without id, a change with it (not once closed). */
export const freeProjectSaveSchema = z.object(projectInputFields).refine(amountOrder, AMOUNT_ORDER_MESSAGE);
export type FreeProjectSaveRequest = z.input<typeof freeProjectSaveSchema>;
export type FreeProjectSave = z.output<typeof freeProjectSaveSchema>;

/** POST /console/api/free-project/{publish,close}. */
export const freeProjectIdSchema = recordIdSchema;

export const freeProjectConsoleRowSchema = projectSummarySchema.extend({
  status: z.enum(FREE_PROJECT_STATUSES),
  statusText: z.string(),
  /** When it was published; null for a draft. */
  publishAt: z.string().nullable(),
  conditions: z.string(),
  /** As stored (sanitised when saved). */
  content: z.string(),
  ...projectRulesFields,
  /** Rows of its eligibility list. */
  rows: z.number().int(),
  updatedAt: z.string(),
});
export type FreeProjectConsoleRow = z.infer<typeof freeProjectConsoleRowSchema>;
export const freeProjectConsolePageSchema = pageSchema(freeProjectConsoleRowSchema);
