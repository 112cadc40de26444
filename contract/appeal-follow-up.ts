import { z } from './zod.ts';
import { deadlineFlagsShape } from './appeal.ts';
import { bodyIdSchema } from './evaluation.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';

/**
 * 差评 follow-up (docs/console.md "Workflows"): a 不满意 or 非常不满意 evaluation of an appeal opens
 * one; the bureau verifies (核实) and feeds back (整改反馈) to the enterprise within 5 working
 * days, and the enterprise may rate again.
 */
export const FOLLOW_UP_WORKING_DAYS = 5;

export const FOLLOW_UP_STATUS = { open: '待核实', verified: '整改中', fed_back: '已反馈' } as const;
export type FollowUpStatus = keyof typeof FOLLOW_UP_STATUS;
export const FOLLOW_UP_STATUSES = Object.keys(FOLLOW_UP_STATUS) as [FollowUpStatus, ...FollowUpStatus[]];

export const followUpQuerySchema = pagingSchema.extend({
  status: z.enum(FOLLOW_UP_STATUSES, { error: '整改状态有误' }).nullish().transform((v) => v ?? undefined),
  overdue: z.boolean({ error: '超期筛选须为是或否' }).nullish().transform((v) => v ?? undefined),
  keyword: keywordSchema,
});
export type FollowUpQuery = z.output<typeof followUpQuerySchema>;

/** The tabs of the console's 差评整改 list (its URL's `tab=`): a state, or 超期 across the open ones. */
export const FOLLOW_UP_TABS = { all: '全部', open: '待核实', verified: '整改中', overdue: '超期', fed_back: '已反馈' } as const;
export type FollowUpTab = keyof typeof FOLLOW_UP_TABS;
export const followUpSearchSchema = followUpQuerySchema
  .omit({ status: true, overdue: true })
  .extend({ tab: z.enum(Object.keys(FOLLOW_UP_TABS) as [FollowUpTab, ...FollowUpTab[]]).default('all') });
export type FollowUpSearch = z.output<typeof followUpSearchSchema>;

export function followUpQueryOf({ tab, ...rest }: FollowUpSearch): FollowUpQuery {
  return { ...rest, status: tab === 'all' || tab === 'overdue' ? undefined : tab, overdue: tab === 'overdue' || undefined };
}

export const followUpItemSchema = z.object({
  id: z.number().int(),
  appealId: z.number().int(),
  appealTitle: z.string(),
  enterpriseName: z.string(),
  departmentName: z.string().nullable(),
  evaluationLevel: z.number().int(),
  evaluationLevelText: z.string(),
  evaluationComment: z.string().nullable(),
  status: z.enum(FOLLOW_UP_STATUSES),
  statusText: z.string(),
  verification: z.string().nullable(),
  feedback: z.string().nullable(),
  createdAt: z.string(),
  fedBackAt: z.string().nullable(),
  ...deadlineFlagsShape,
});
export type FollowUpItem = z.infer<typeof followUpItemSchema>;
export const followUpPageSchema = pageSchema(followUpItemSchema);

export const followUpVerifySchema = z.object({
  id: bodyIdSchema,
  verification: z.string({ error: '请填写核实情况' }).trim().min(1, '请填写核实情况').max(1000, '核实情况不能超过 1000 个字'),
});
export const followUpFeedbackSchema = z.object({
  id: bodyIdSchema,
  feedback: z.string({ error: '请填写整改反馈' }).trim().min(1, '请填写整改反馈').max(2000, '整改反馈不能超过 2000 个字'),
});
export type FollowUpVerifyInput = z.output<typeof followUpVerifySchema>;
export type FollowUpFeedbackInput = z.output<typeof followUpFeedbackSchema>;
