import { z } from './zod.ts';
import { fileRefSchema } from './envelope.ts';
import { bodyIdSchema } from './evaluation.ts';
import { MAX_ATTACHMENTS } from './appeal.ts';
import { pageSchema, pagingSchema } from './paging.ts';

/** 公示 (docs/domain.md): published after review; objections while the period is open, never shown publicly. */
export const OBJECTION_WORKING_DAYS = 5;

export const proclamationListQuerySchema = pagingSchema;

export const proclamationListItemSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  title: z.string(),
  publishAt: z.string(),
  objectionEndAt: z.string(),
  objectionOpen: z.boolean(),
  enterpriseCount: z.number().int(),
});
export type ProclamationListItem = z.infer<typeof proclamationListItemSchema>;

export const proclaimedEnterpriseSchema = z.object({
  enterpriseName: z.string(),
  /** 万元. */
  amount: z.number(),
});

export const proclamationSchema = proclamationListItemSchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  enterprises: z.array(proclaimedEnterpriseSchema),
  /** 万元. */
  totalAmount: z.number(),
});
export type Proclamation = z.infer<typeof proclamationSchema>;

export const proclamationPageSchema = pageSchema(proclamationListItemSchema);

export const proclamationParamsSchema = z.object({ projectId: z.string().max(20), id: z.string().max(20) });

export const objectionInputSchema = z.object({
  proclamationId: bodyIdSchema,
  reason: z.string({ error: '请填写异议理由' }).trim().min(10, '异议理由至少 10 个字，请写明事实和依据').max(2000, '异议理由不能超过 2000 个字'),
  attachments: z.array(fileRefSchema).max(MAX_ATTACHMENTS, `附件最多 ${MAX_ATTACHMENTS} 个`).nullish().transform((v) => v ?? []),
});
export type ObjectionInput = z.output<typeof objectionInputSchema>;
