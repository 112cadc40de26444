import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import { pageSchema, pagingSchema } from './paging.ts';

/**
 * 网站纠错: a visitor reports what is wrong on a public page (a 纠错 link on every detail page); the
 * content editors answer within 3 working days, the usual rule for the portal's own replies, with
 * the same 超期 / 临期 flags as appeals (docs/console.md "Workflows").
 */
export const CORRECTION_REPLY_WORKING_DAYS = 3;
/** WZ (网站): JC already numbers the 免申即享 信息有误 requests, and a number names one record. */
export const CORRECTION_RECEIPT_PREFIX = 'WZ';

export const CORRECTION_STATUS = { received: '待答复', answered: '已答复' } as const;
export type CorrectionStatus = keyof typeof CORRECTION_STATUS;
export const CORRECTION_STATUSES = Object.keys(CORRECTION_STATUS) as [CorrectionStatus, ...CorrectionStatus[]];

export const correctionReportSchema = z.object({
  /** The page reported on: a path of this portal, with its query (e.g. /notice/detail?id=12). */
  pageUrl: z
    .string({ error: '缺少出错页面的地址' })
    .trim()
    .max(300, '出错页面的地址过长')
    .regex(/^\/(?!\/)[^\s]*$/, '出错页面的地址有误，请从出错的页面点击“纠错”'),
  pageTitle: z.string({ error: '缺少出错页面的标题' }).trim().min(1, '缺少出错页面的标题').max(200, '出错页面的标题过长'),
  description: z
    .string({ error: '请描述页面中的错误' })
    .trim()
    .min(5, '请描述页面中的错误（至少 5 个字），如错别字、链接打不开、信息过时')
    .max(1000, '错误描述不能超过 1000 个字'),
  /** Optional: a phone or e-mail, if the visitor wants to hear back. */
  contact: z
    .string()
    .trim()
    .max(100, '联系方式不能超过 100 个字')
    .nullish()
    .transform((v) => v || null),
});
export type CorrectionReportInput = z.output<typeof correctionReportSchema>;

export const correctionReceiptSchema = z.object({ receiptNo: z.string(), dueAt: z.string() });
export type CorrectionReceipt = z.infer<typeof correctionReceiptSchema>;

export const correctionQuerySchema = pagingSchema.extend({
  status: z
    .enum(CORRECTION_STATUSES, { error: '状态有误' })
    .nullish()
    .transform((v) => v ?? undefined),
});
export type CorrectionQuery = z.output<typeof correctionQuerySchema>;

export const correctionItemSchema = z.object({
  id: z.number().int(),
  receiptNo: z.string(),
  pageUrl: z.string(),
  pageTitle: z.string(),
  description: z.string(),
  contact: z.string().nullable(),
  status: z.enum(CORRECTION_STATUSES),
  statusText: z.string(),
  createdAt: z.string(),
  dueAt: z.string(),
  /** Past its deadline unanswered (超期), or at most one working day left (临期). */
  overdue: z.boolean(),
  dueSoon: z.boolean(),
  reply: z.string().nullable(),
  answeredAt: z.string().nullable(),
  staffName: z.string().nullable(),
});
export type CorrectionItem = z.infer<typeof correctionItemSchema>;
export const correctionPageSchema = pageSchema(correctionItemSchema);
export type CorrectionPage = z.infer<typeof correctionPageSchema>;

export const correctionAnswerSchema = z.object({
  id: recordId('请选择一条纠错'),
  reply: z.string({ error: '请填写答复内容' }).trim().min(2, '请填写答复内容（至少 2 个字）').max(1000, '答复内容不能超过 1000 个字'),
});
export type CorrectionAnswerInput = z.output<typeof correctionAnswerSchema>;
