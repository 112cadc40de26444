import { z } from './zod.ts';
import { appealTimelineEntrySchema, deadlineFlagsShape } from './appeal.ts';
import { smsDeliverySchema } from './appeal.console.ts';
import { DECLARE_STATUSES, declareDetailSchema } from './declare-ent.ts';
import { projectListItemSchema, wanSchema } from './declare-project.ts';
import { recordIdSchema } from './console-list.ts';
import { recordId } from './envelope.ts';
import { cappedPageSchema, keywordSchema, pagingSchema } from './paging.ts';
import { sortShape } from './list-sort.ts';

/**
 * The bureau's review of declarations (docs/console.md "Declaration review"): a queue per project,
 * the materials in the browser, a result with a note, the whole history kept for the enterprise.
 */
export const DECLARE_REVIEW_WORKING_DAYS = 10;
/** A returned declaration may be resubmitted within this many working days, even after the window. */
export const DECLARE_RESUBMIT_WORKING_DAYS = 5;

export const DECLARE_REVIEW_RESULTS = ['approved', 'returned', 'refused'] as const;
export type DeclareReviewResult = (typeof DECLARE_REVIEW_RESULTS)[number];

export const DECLARE_REVIEW_RESULT: Record<DeclareReviewResult, string> = { approved: '审核通过', returned: '退回修改', refused: '不予通过' };

const optionalId = (label: string) =>
  recordId(`${label}有误`).nullish().transform((v) => v ?? undefined);
const flag = (label: string) => z.boolean({ error: `${label}须为是或否` }).nullish().transform((v) => v ?? undefined);

/** The review queue's sortable columns (docs/console.md "Tables"); none: the queue order. */
export const REVIEW_SORT_KEYS = ['submittedAt', 'reviewDueAt', 'amountApplied'] as const;

export const reviewQuerySchema = pagingSchema.extend({
  projectId: optionalId('申报项目'),
  status: z.enum(DECLARE_STATUSES, { error: '申报状态有误' }).nullish().transform((v) => v ?? undefined),
  /** true: reviews past their 10 working days only. */
  overdue: flag('超期筛选'),
  dueSoon: flag('临期筛选'),
  keyword: keywordSchema,
  ...sortShape(REVIEW_SORT_KEYS),
});
export type ReviewQuery = z.output<typeof reviewQuerySchema>;

export const reviewItemSchema = z.object({
  id: z.number().int(),
  project: z.object({ id: z.number().int(), name: z.string() }),
  enterpriseName: z.string(),
  uscc: z.string().nullable(),
  /** 万元. */
  amountApplied: z.number().nullable(),
  amountApproved: z.number().nullable(),
  status: z.enum(DECLARE_STATUSES),
  statusText: z.string(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  resubmitDueAt: z.string().nullable(),
  /** The review deadline while 待审核 (dueAt), with its 超期 / 临期 flags. */
  ...deadlineFlagsShape,
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewPageSchema = cappedPageSchema(reviewItemSchema);

export const staffDeclareTimelineEntrySchema = appealTimelineEntrySchema.extend({
  /** Who acted, for staff eyes only. */
  staffName: z.string().nullable(),
});

export const reviewDetailSchema = declareDetailSchema.omit({ project: true, timeline: true, canEdit: true, canEvaluate: true }).extend({
  ...reviewItemSchema.shape,
  project: z.object({ id: z.number().int(), name: z.string(), applyEnd: z.string(), amountMax: z.number().nullable() }),
  timeline: z.array(staffDeclareTimelineEntrySchema),
  sms: z.array(smsDeliverySchema),
  canReview: z.boolean(),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

const note = z.string().trim().max(1000, '审核意见不能超过 1000 个字').nullish();

export const reviewInputSchema = z
  .object({
    id: recordIdSchema.shape.id,
    result: z.enum(DECLARE_REVIEW_RESULTS, { error: '请选择审核结果' }),
    note,
    /** 万元; required to approve. */
    amountApproved: wanSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.result !== 'approved' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: '退回或不予通过时请填写审核意见' });
    if (v.result === 'approved' && (v.amountApproved === null || v.amountApproved === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['amountApproved'], message: '请填写核定金额（万元）' });
    }
    if (v.result === 'approved' && v.amountApproved === 0) ctx.addIssue({ code: 'custom', path: ['amountApproved'], message: '核定金额须大于 0' });
  });
export type ReviewInput = z.output<typeof reviewInputSchema>;

/** The projects a reviewer works through, with what waits in each (待审核, of which 超期). */
export const reviewProjectSchema = projectListItemSchema.pick({ id: true, name: true, applyStart: true, applyEnd: true, status: true, statusText: true, amountMax: true }).extend({
  submitted: z.number().int(),
  overdue: z.number().int(),
});
export type ReviewProject = z.infer<typeof reviewProjectSchema>;

export const projectIdQuerySchema = z.object({ projectId: recordIdSchema.shape.id });

/** A material file of a declaration (or an objection's attachment), viewed by staff. */
export const staffFileQuerySchema = z.object({ id: recordIdSchema.shape.id, path: z.string().trim().min(1, '缺少文件标识').max(300, '文件标识过长') });

/** The queues of the review page, as tabs; each stands for a filter of the API's query. */
export const REVIEW_QUEUES = {
  submitted: { label: '待审核', filter: { status: 'submitted' } },
  overdue: { label: '审核超期', filter: { overdue: true } },
  returned: { label: '退回修改中', filter: { status: 'returned' } },
  all: { label: '全部', filter: {} },
} as const satisfies Record<string, { label: string; filter: Partial<ReviewQuery> }>;
export type ReviewQueue = keyof typeof REVIEW_QUEUES;

/** The review page's address: the API query with a queue instead of the flags. */
export const reviewSearchSchema = reviewQuerySchema
  .omit({ overdue: true, dueSoon: true })
  .extend({ queue: z.enum(Object.keys(REVIEW_QUEUES) as [ReviewQueue, ...ReviewQueue[]]).default('submitted') });
export type ReviewSearch = z.output<typeof reviewSearchSchema>;

export function reviewQueryOf({ queue, ...rest }: ReviewSearch): ReviewQuery {
  return { overdue: undefined, dueSoon: undefined, ...rest, ...REVIEW_QUEUES[queue].filter };
}
