import { z } from './zod.ts';
import { fileRefSchema } from './envelope.ts';
import { bodyIdSchema, evaluationSchema } from './evaluation.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';
import { phoneSchema } from './validators.ts';

/** 企业诉求 (docs/domain.md "Appeals"). */
export const APPEAL_STATUS = {
  pending: '待受理',
  processing: '办理中',
  resolved: '已办结',
  evaluated: '已评价',
  rejected: '不予受理',
  withdrawn: '已撤回',
} as const;
export type AppealStatus = keyof typeof APPEAL_STATUS;
export const APPEAL_STATUSES = Object.keys(APPEAL_STATUS) as [AppealStatus, ...AppealStatus[]];

/** Timeline actions: each transition of the state diagram, plus edits. */
export const APPEAL_ACTION = {
  submitted: '提交诉求',
  updated: '修改诉求',
  withdrawn: '撤回诉求',
  accepted: '受理',
  rejected: '不予受理',
  replied: '办结答复',
  evaluated: '企业评价',
  reopened: '重新办理',
  // The work order (contract/appeal.console.ts); internal ones are never shown to the enterprise.
  assigned: '转办',
  signed: '签收',
  extension_requested: '申请延期',
  extended: '延期办理',
  extension_refused: '延期未获批准',
  urged: '督办',
  note: '内部备注',
  revisited: '回访',
  unpublished: '不予公开',
  verified: '核实差评',
  rectified: '整改反馈',
} as const;
export type AppealAction = keyof typeof APPEAL_ACTION;

/** Time limits: accept within 1 working day of submission, reply within 5 of acceptance. */
export const APPEAL_ACCEPT_WORKING_DAYS = 1;
export const APPEAL_REPLY_WORKING_DAYS = 5;

export const MAX_ATTACHMENTS = 10;

export const appealInputSchema = z.object({
  title: z.string({ error: '请填写诉求标题' }).trim().min(1, '请填写诉求标题').max(100, '诉求标题不能超过 100 个字'),
  type: z.string({ error: '请选择诉求类型' }).trim().min(1, '请选择诉求类型').max(50, '诉求类型有误'),
  content: z.string({ error: '请填写诉求内容' }).trim().min(10, '诉求内容至少 10 个字，请说明具体情况').max(2000, '诉求内容不能超过 2000 个字'),
  contactName: z.string({ error: '请填写联系人' }).trim().min(1, '请填写联系人').max(50, '联系人不能超过 50 个字'),
  contactPhone: phoneSchema.pipe(z.string().max(20)),
  attachments: z.array(fileRefSchema).max(MAX_ATTACHMENTS, `附件最多 ${MAX_ATTACHMENTS} 个`).nullish().transform((v) => v ?? []),
  isPublic: z.boolean({ error: '请选择是否公开' }).nullish().transform((v) => v ?? false),
});
export type AppealInput = z.output<typeof appealInputSchema>;

export const appealUpdateSchema = appealInputSchema.extend({ id: bodyIdSchema });
export type AppealUpdateInput = z.output<typeof appealUpdateSchema>;

export const appealIdBodySchema = z.object({ id: bodyIdSchema });

const statusFilter = z
  .enum(APPEAL_STATUSES, { error: '诉求状态有误' })
  .optional();

/** GET /admin/appeal: with `id` one appeal, without it the public list. */
export const appealQuerySchema = pagingSchema.extend({
  id: z.string().max(20).optional(),
  keyword: keywordSchema,
  type: z.string().max(50).optional(),
  status: statusFilter,
});
export type AppealQuery = z.output<typeof appealQuerySchema>;

export const appealEnPagesQuerySchema = pagingSchema.extend({ keyword: keywordSchema, status: statusFilter });
export type AppealEnPagesQuery = z.output<typeof appealEnPagesQuerySchema>;

const deadlinesShape = {
  /** End of the working day by which the bureau must accept (or refuse) it. */
  acceptDeadlineAt: z.string(),
  /** Set once accepted: end of the 5th working day after acceptance. */
  replyDeadlineAt: z.string().nullable(),
  /** The deadline of the current step has passed while the bureau still owes it. */
  overdue: z.boolean(),
  /** 临期: at most one working day left on that deadline. */
  dueSoon: z.boolean(),
};

/** 超期 / 临期 of the deadline the bureau owes now (staff lists, detail pages, the dashboard). */
export const deadlineFlagsShape = {
  /** The deadline of the step the bureau owes now; null when it owes nothing. */
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
  dueSoon: z.boolean(),
};

export const publicAppealItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.string(),
  typeText: z.string(),
  status: z.enum(APPEAL_STATUSES),
  statusText: z.string(),
  /** Masked: 上海**科技有限公司. */
  enterpriseName: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type PublicAppealItem = z.infer<typeof publicAppealItemSchema>;

export const ownAppealItemSchema = publicAppealItemSchema.extend({
  isPublic: z.boolean(),
  ...deadlinesShape,
  canEdit: z.boolean(),
  canEvaluate: z.boolean(),
});
export type OwnAppealItem = z.infer<typeof ownAppealItemSchema>;

export const appealTimelineEntrySchema = z.object({
  action: z.string(),
  actionText: z.string(),
  note: z.string().nullable(),
  at: z.string(),
  actor: z.string(),
});

/**
 * One appeal. Everyone who may see it gets the public part and the timeline; its own enterprise
 * also gets contact, attachments, deadlines and what it may do next (`mine`).
 */
export const appealDetailSchema = publicAppealItemSchema.extend({
  content: z.string(),
  isPublic: z.boolean(),
  mine: z.boolean(),
  rejectReason: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  evaluation: evaluationSchema.nullable(),
  timeline: z.array(appealTimelineEntrySchema),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  attachments: z.array(fileRefSchema),
  /** Files the bureau sent with its reply: to the enterprise only. */
  replyAttachments: z.array(fileRefSchema),
  acceptDeadlineAt: z.string().nullable(),
  replyDeadlineAt: z.string().nullable(),
  overdue: z.boolean(),
  dueSoon: z.boolean(),
  canEdit: z.boolean(),
  canEvaluate: z.boolean(),
});
export type AppealDetail = z.infer<typeof appealDetailSchema>;

export const publicAppealPageSchema = pageSchema(publicAppealItemSchema);
export const ownAppealPageSchema = pageSchema(ownAppealItemSchema);

export const appealStatisticsSchema = z.object({
  appealCount: z.number().int(),
  appealResolvedCount: z.number().int(),
  /** Percent (0–100, one decimal) of evaluations at 基本满意 or better; null before the first one. */
  satisfactionRate: z.number().nullable(),
});
export type AppealStatistics = z.infer<typeof appealStatisticsSchema>;

/**
 * Masks an enterprise name for the public list: the distinctive part goes, the region, the
 * industry word and the legal form stay (上海某某科技有限公司 → 上海**科技有限公司).
 */
export function maskEnterpriseName(name: string): string {
  const m = /^(.*?)((?:（[^）]*）|\([^)]*\))?(?:股份有限公司|有限责任公司|集团有限公司|有限公司|合伙企业（有限合伙）|合伙企业|公司|厂|中心|店)?)$/.exec(name.trim());
  const body = m?.[1] ?? name;
  const suffix = m?.[2] ?? '';
  const chars = Array.from(body);
  if (chars.length >= 6) return `${chars.slice(0, 2).join('')}**${chars.slice(-2).join('')}${suffix}`;
  if (chars.length >= 3) return `**${chars.slice(-2).join('')}${suffix}`;
  return `**${suffix}`;
}
