import { z } from './zod.ts';
import { bodyIdSchema } from './evaluation.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';
import { projectBodyFields, projectSummarySchema } from './project-fields.ts';
import { phoneSchema } from './validators.ts';

/** 免申即享 (docs/domain.md "Free-apply"): free projects, and one row per (free project, eligible enterprise). */
export const freeProjectListQuerySchema = pagingSchema.extend({ keyword: keywordSchema });
export type FreeProjectListQuery = z.output<typeof freeProjectListQuerySchema>;

export const freeProjectListItemSchema = projectSummarySchema.extend({
  publishAt: z.string(),
  /** Only for a logged-in enterprise user: whether the bureau found the enterprise eligible. */
  eligible: z.boolean().optional(),
  /** The enterprise's row for this project (opens the confirmation form), when eligible. */
  freeDeclareEntId: z.number().int().nullable().optional(),
});
export type FreeProjectListItem = z.infer<typeof freeProjectListItemSchema>;

export const freeProjectDetailSchema = freeProjectListItemSchema.extend(projectBodyFields);
export type FreeProjectDetail = z.infer<typeof freeProjectDetailSchema>;

export const freeProjectPageSchema = pageSchema(freeProjectListItemSchema);

export const FREE_DECLARE_STATUS = {
  pending_confirm: '待确认',
  confirmed: '已确认',
  paid: '已兑付',
  declined: '已放弃',
  cancelled: '已取消',
} as const;
export type FreeDeclareStatus = keyof typeof FREE_DECLARE_STATUS;
export const FREE_DECLARE_STATUSES = Object.keys(FREE_DECLARE_STATUS) as [FreeDeclareStatus, ...FreeDeclareStatus[]];

/** The steps of a row's timeline. */
export const FREE_DECLARE_ACTION = {
  listed: '列入名单',
  confirmed: '企业确认',
  amended: '调整金额',
  cancelled: '取消',
  returned: '退回重新确认',
  paid: '已兑付',
  correction: '反馈信息有误',
  correction_answered: '答复信息有误',
} as const;
export type FreeDeclareAction = keyof typeof FREE_DECLARE_ACTION;

export const freeDeclarePagesQuerySchema = pagingSchema.extend({
  status: z.enum(FREE_DECLARE_STATUSES, { error: '状态有误' }).optional(),
});
export type FreeDeclarePagesQuery = z.output<typeof freeDeclarePagesQuerySchema>;

/** Why the bureau found the enterprise eligible, as staff imported it. */
export const eligibilityReasonSchema = z.object({ condition: z.string(), source: z.string() });
export type EligibilityReason = z.infer<typeof eligibilityReasonSchema>;

export const correctionSchema = z.object({
  receiptNo: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** The bureau's answer (within 5 working days), null until then. */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});

/** One public step of a row, as the enterprise sees it (the bureau, never a staff member's name). */
export const freeDeclareStepSchema = z.object({ action: z.string(), actionText: z.string(), actor: z.string(), note: z.string().nullable(), at: z.string() });

/** What a row says of itself to the enterprise and to the bureau's console alike. */
export const freeRowFields = {
  enterpriseName: z.string(),
  uscc: z.string(),
  /** 万元. */
  amount: z.number(),
  status: z.enum(FREE_DECLARE_STATUSES),
  statusText: z.string(),
  reasons: z.array(eligibilityReasonSchema),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  voucherNo: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Why the bureau sent the row back for a new confirmation (wrong bank details), while it waits for it. */
  returnReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
};

export const freeDeclareEntSchema = z.object({
  id: z.number().int(),
  project: z.object({
    id: z.number().int(),
    name: z.string(),
    department: z.string(),
    amountMin: z.number().nullable(),
    amountMax: z.number().nullable(),
  }),
  ...freeRowFields,
  remark: z.string().nullable(),
  canConfirm: z.boolean(),
  corrections: z.array(correctionSchema),
  timeline: z.array(freeDeclareStepSchema),
});
export type FreeDeclareEnt = z.infer<typeof freeDeclareEntSchema>;

export const freeDeclareEntPageSchema = pageSchema(freeDeclareEntSchema);

export const BANK_ACCOUNT_MESSAGE = '请输入正确的银行账号（8-30 位数字）';

export const freeDeclareSaveSchema = z.object({
  freeDeclareEntId: bodyIdSchema,
  contactName: z.string({ error: '请填写联系人' }).trim().min(1, '请填写联系人').max(50, '联系人不能超过 50 个字'),
  contactPhone: phoneSchema.pipe(z.string().max(20)),
  bankName: z.string({ error: '请填写开户银行' }).trim().min(2, '请填写开户银行').max(100, '开户银行不能超过 100 个字'),
  bankAccount: z
    .string({ error: BANK_ACCOUNT_MESSAGE })
    // People type accounts in groups of four: spaces are not part of the number.
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{8,30}$/, BANK_ACCOUNT_MESSAGE)),
  remark: z.string().trim().max(500, '备注不能超过 500 个字').nullish(),
});
export type FreeDeclareSaveInput = z.output<typeof freeDeclareSaveSchema>;

export const freeDeclareStatusQuerySchema = z.object({ freeDeclareEntId: z.string({ error: '缺少编号' }).max(20) });

export const freeDeclareConfirmStatusSchema = z.object({
  confirmed: z.boolean(),
  status: z.enum(FREE_DECLARE_STATUSES),
  statusText: z.string(),
});

export const correctionInputSchema = z.object({
  freeDeclareEntId: bodyIdSchema,
  content: z.string({ error: '请说明哪些信息有误' }).trim().min(5, '请说明哪些信息有误（至少 5 个字）').max(1000, '说明不能超过 1000 个字'),
});
export type CorrectionInput = z.output<typeof correctionInputSchema>;

export const receiptSchema = z.object({ receiptNo: z.string() });
