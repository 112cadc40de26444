import { z } from './zod.ts';
import { deadlineFlagsShape } from './appeal.ts';
import { recordIdSchema } from './console-list.ts';
import { fileRefSchema } from './envelope.ts';
import { pageSchema, pagingSchema } from './paging.ts';
import { proclaimedEnterpriseSchema } from './proclamation.ts';

/**
 * 公示 in the console (docs/console.md "公示"): generated from a project's approved declarations,
 * published with an objection window, concluded once the window is over and every objection
 * answered, or revoked with a reason. Objections are answered within 5 working days.
 */
export const PROCLAMATION_STATUS = { draft: '草稿', published: '公示中', concluded: '已结束', revoked: '已撤销' } as const;
export type ProclamationStatus = keyof typeof PROCLAMATION_STATUS;
export const PROCLAMATION_STATUSES = Object.keys(PROCLAMATION_STATUS) as [ProclamationStatus, ...ProclamationStatus[]];
/** What the public pages list. */
export const PUBLIC_PROCLAMATION_STATUSES: readonly ProclamationStatus[] = ['published', 'concluded'];

export const OBJECTION_STATUS = { received: '待答复', answered: '已答复' } as const;
export type ObjectionStatus = keyof typeof OBJECTION_STATUS;
export const OBJECTION_STATUSES = Object.keys(OBJECTION_STATUS) as [ObjectionStatus, ...ObjectionStatus[]];
export const OBJECTION_RESULT = { upheld: '异议成立', dismissed: '异议不成立' } as const;
export type ObjectionResult = keyof typeof OBJECTION_RESULT;
export const OBJECTION_RESULTS = Object.keys(OBJECTION_RESULT) as [ObjectionResult, ...ObjectionResult[]];
export const OBJECTION_REPLY_WORKING_DAYS = 5;

export const PROCLAMATION_ACTIONS = ['publish', 'conclude', 'revoke'] as const;
export type ProclamationAction = (typeof PROCLAMATION_ACTIONS)[number];

const text = (what: string, max: number) => z.string({ error: `请填写${what}` }).trim().min(1, `请填写${what}`).max(max, `${what}不能超过 ${max} 个字`);
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

export const consoleProclamationQuerySchema = pagingSchema.extend({
  projectId: optional(recordIdSchema.shape.id),
  status: optional(z.enum(PROCLAMATION_STATUSES, { error: '公示状态有误' })),
  /** Only those still 公示中 after their objection window (期满待结束): they wait for 结束公示. */
  windowOver: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: '期满筛选须为是或否' })
    .nullish()
    .transform((v) => (v === undefined || v === null ? undefined : v === true || v === 'true')),
});
export type ConsoleProclamationQuery = z.output<typeof consoleProclamationQuerySchema>;

export const consoleProclamationItemSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  title: z.string(),
  status: z.enum(PROCLAMATION_STATUSES),
  statusText: z.string(),
  /** Null while a draft. */
  publishAt: z.string().nullable(),
  objectionEndAt: z.string().nullable(),
  objectionOpen: z.boolean(),
  enterpriseCount: z.number().int(),
  /** Objections waiting for an answer. */
  pendingObjections: z.number().int(),
  createdAt: z.string(),
});
export type ConsoleProclamationItem = z.infer<typeof consoleProclamationItemSchema>;
export const consoleProclamationPageSchema = pageSchema(consoleProclamationItemSchema);

export const objectionItemSchema = z.object({
  id: z.number().int(),
  receiptNo: z.string(),
  proclamationId: z.number().int(),
  proclamationTitle: z.string(),
  enterpriseName: z.string(),
  reason: z.string(),
  attachments: z.array(fileRefSchema),
  status: z.enum(OBJECTION_STATUSES),
  statusText: z.string(),
  result: z.enum(OBJECTION_RESULTS).nullable(),
  resultText: z.string().nullable(),
  reply: z.string().nullable(),
  answeredAt: z.string().nullable(),
  staffName: z.string().nullable(),
  createdAt: z.string(),
  /** The reply deadline while 待答复. */
  ...deadlineFlagsShape,
});
export type ObjectionItem = z.infer<typeof objectionItemSchema>;

export const consoleProclamationDetailSchema = consoleProclamationItemSchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  enterprises: z.array(proclaimedEnterpriseSchema),
  totalAmount: z.number(),
  revokeReason: z.string().nullable(),
  closedAt: z.string().nullable(),
  objections: z.array(objectionItemSchema),
  actions: z.array(z.enum(PROCLAMATION_ACTIONS)),
});
export type ConsoleProclamationDetail = z.infer<typeof consoleProclamationDetailSchema>;

export const generateProclamationSchema = z.object({
  projectId: recordIdSchema.shape.id,
  /** Defaults to 关于<project>拟支持企业名单的公示. */
  title: optional(z.string().trim().max(200, '标题不能超过 200 个字')),
});
export type GenerateProclamationInput = z.output<typeof generateProclamationSchema>;

export const revokeProclamationSchema = z.object({ id: recordIdSchema.shape.id, reason: text('撤销原因', 500) });
export type RevokeProclamationInput = z.output<typeof revokeProclamationSchema>;

export const objectionQuerySchema = pagingSchema.extend({
  proclamationId: optional(recordIdSchema.shape.id),
  status: optional(z.enum(OBJECTION_STATUSES, { error: '异议状态有误' })),
  overdue: optional(z.boolean({ error: '超期筛选须为是或否' })),
});
export type ObjectionQuery = z.output<typeof objectionQuerySchema>;
export const objectionPageSchema = pageSchema(objectionItemSchema);

export const answerObjectionSchema = z.object({
  id: recordIdSchema.shape.id,
  result: z.enum(OBJECTION_RESULTS, { error: '请选择核查结论' }),
  reply: text('答复内容', 2000),
});
export type AnswerObjectionInput = z.output<typeof answerObjectionSchema>;

/** The objector's own objections to a 公示, with the answer once given. */
export const ownObjectionSchema = objectionItemSchema.pick({ receiptNo: true, reason: true, status: true, statusText: true, result: true, resultText: true, reply: true, answeredAt: true, createdAt: true, dueAt: true });
export type OwnObjection = z.infer<typeof ownObjectionSchema>;
export const ownObjectionQuerySchema = z.object({ proclamationId: z.string().max(20) });

/** The 公示 page's address: the list's filters and which tab (公示 or 异议) is open. */
export const proclamationSearchSchema = consoleProclamationQuerySchema.extend({
  tab: z.enum(['proclamations', 'objections']).default('proclamations'),
});
