import { z } from './zod.ts';
import { APPEAL_STATUSES, appealTimelineEntrySchema, deadlineFlagsShape } from './appeal.ts';
import { followUpItemSchema } from './appeal-follow-up.ts';
import { fileRefSchema, recordId, type FileRef } from './envelope.ts';
import { downloadQuerySchema } from './files.ts';
import { bodyIdSchema, evaluationSchema } from './evaluation.ts';
import { sortShape } from './list-sort.ts';
import { cappedPageSchema, keywordSchema, pagingSchema } from './paging.ts';
import type { Permission } from './permissions.ts';

/**
 * The bureau's side of an appeal: the 工单 (docs/console.md "Workflows"). Deadlines count working
 * days (server/platform/workflow/working-days.ts).
 */
/** Who may open the work orders (a handler only their department's: the service checks the row). */
export const WORK_ORDER_READERS = ['appeal:dispatch', 'appeal:handle', 'evaluation:follow-up'] as const satisfies readonly Permission[];

export const APPEAL_SIGN_WORKING_DAYS = 1;
export const APPEAL_REVISIT_WORKING_DAYS = 2;
export const APPEAL_MAX_EXTENSION_DAYS = 5;

export const EXTENSION_STATUS = { requested: '待审批', approved: '已批准', refused: '未批准' } as const;
export type ExtensionStatus = keyof typeof EXTENSION_STATUS;

/** What a staff member may do with a work order now; the console shows only these buttons. */
export const WORK_ORDER_ACTIONS = ['accept', 'reject', 'assign', 'sign', 'extend', 'extend-decide', 'urge', 'note', 'reply', 'revisit', 'unpublish'] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];

const reason = (what: string, max = 500) =>
  z.string({ error: `请填写${what}` }).trim().min(1, `请填写${what}`).max(max, `${what}不能超过 ${max} 个字`);

/** The work-order list's sortable columns (docs/console.md "Tables"); none: the queue order. */
export const WORK_ORDER_SORT_KEYS = ['id', 'createdAt', 'dueAt'] as const;

export const workOrderQuerySchema = pagingSchema.extend({
  status: z.enum(APPEAL_STATUSES, { error: '诉求状态有误' }).nullish().transform((v) => v ?? undefined),
  departmentId: recordId('部门有误').nullish().transform((v) => v ?? undefined),
  /** true: 超期 only. */
  overdue: z.boolean({ error: '超期筛选须为是或否' }).nullish().transform((v) => v ?? undefined),
  /** true: 临期 (due within 1 working day, not yet overdue) only. */
  dueSoon: z.boolean({ error: '临期筛选须为是或否' }).nullish().transform((v) => v ?? undefined),
  /** true: extension requests waiting for a dispatcher. */
  extensionRequested: z.boolean().nullish().transform((v) => v ?? undefined),
  /** true: assigned to a department that has not signed for it yet (1 working day). */
  unsigned: z.boolean({ error: '待签收筛选须为是或否' }).nullish().transform((v) => v ?? undefined),
  keyword: keywordSchema,
  ...sortShape(WORK_ORDER_SORT_KEYS),
});
export type WorkOrderQuery = z.output<typeof workOrderQuerySchema>;

/**
 * The queues of the console's work-order list (its URL's `queue=`), each one filter of
 * workOrderQuerySchema: the tabs a dispatcher works through. `dispatchOnly` queues are not shown
 * to a handler (a handler never sees an unaccepted appeal and decides no extension).
 */
export const WORK_ORDER_QUEUES = {
  all: { label: '全部', dispatchOnly: false, filter: {} },
  pending: { label: '待受理', dispatchOnly: true, filter: { status: 'pending' } },
  overdue: { label: '超期', dispatchOnly: false, filter: { overdue: true } },
  dueSoon: { label: '临期', dispatchOnly: false, filter: { dueSoon: true } },
  extension: { label: '延期待审批', dispatchOnly: true, filter: { extensionRequested: true } },
  unsigned: { label: '待签收', dispatchOnly: false, filter: { unsigned: true } },
} as const satisfies Record<string, { label: string; dispatchOnly: boolean; filter: Partial<WorkOrderQuery> }>;
export type WorkOrderQueue = keyof typeof WORK_ORDER_QUEUES;
const QUEUE_KEYS = Object.keys(WORK_ORDER_QUEUES) as [WorkOrderQueue, ...WorkOrderQueue[]];

/** The console list's address: a queue instead of the boolean filters, which a URL spells badly. */
export const workOrderSearchSchema = workOrderQuerySchema
  .omit({ overdue: true, dueSoon: true, extensionRequested: true, unsigned: true })
  .extend({ queue: z.enum(QUEUE_KEYS).default('all') });
export type WorkOrderSearch = z.output<typeof workOrderSearchSchema>;

/** The API query a list address stands for (the queue's filter wins over a status chosen beside it). */
export function workOrderQueryOf({ queue, ...rest }: WorkOrderSearch): WorkOrderQuery {
  return { overdue: undefined, dueSoon: undefined, extensionRequested: undefined, unsigned: undefined, ...rest, ...WORK_ORDER_QUEUES[queue].filter };
}

export const workOrderItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  typeText: z.string(),
  enterpriseName: z.string(),
  status: z.enum(APPEAL_STATUSES),
  statusText: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  signedAt: z.string().nullable(),
  extensionStatus: z.enum(['requested', 'approved', 'refused']).nullable(),
  createdAt: z.string(),
  ...deadlineFlagsShape,
});
export type WorkOrderItem = z.infer<typeof workOrderItemSchema>;
export const workOrderPageSchema = cappedPageSchema(workOrderItemSchema);

export const staffTimelineEntrySchema = appealTimelineEntrySchema.extend({
  internal: z.boolean(),
  /** Who acted, for staff eyes only. */
  staffName: z.string().nullable(),
});

export const smsDeliverySchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  template: z.string(),
  content: z.string(),
  status: z.string(),
  statusText: z.string(),
  answer: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const workOrderDetailSchema = workOrderItemSchema.extend({
  type: z.string(),
  content: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  attachments: z.array(fileRefSchema),
  isPublic: z.boolean(),
  unpublishReason: z.string().nullable(),
  rejectReason: z.string().nullable(),
  acceptDeadlineAt: z.string(),
  acceptedAt: z.string().nullable(),
  assignedAt: z.string().nullable(),
  signDeadlineAt: z.string().nullable(),
  replyDeadlineAt: z.string().nullable(),
  extensionDays: z.number().int().nullable(),
  extensionReason: z.string().nullable(),
  reply: z.string().nullable(),
  replyAttachments: z.array(fileRefSchema),
  repliedAt: z.string().nullable(),
  revisitDeadlineAt: z.string().nullable(),
  revisitedAt: z.string().nullable(),
  evaluation: evaluationSchema.nullable(),
  timeline: z.array(staffTimelineEntrySchema),
  sms: z.array(smsDeliverySchema),
  /** 差评 follow-ups of this appeal, oldest first. */
  followUps: z.array(followUpItemSchema),
  /** What the asking staff member may do now. */
  actions: z.array(z.enum(WORK_ORDER_ACTIONS)),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

export const workOrderIdSchema = z.object({ id: bodyIdSchema });
export const acceptSchema = z.object({ id: bodyIdSchema, note: z.string().trim().max(500, '受理意见不能超过 500 个字').nullish() });
export const rejectSchema = z.object({ id: bodyIdSchema, reason: reason('不予受理的理由') });
export const assignSchema = z.object({
  id: bodyIdSchema,
  departmentId: recordId('请选择承办部门'),
  note: z.string().trim().max(500, '转办说明不能超过 500 个字').nullish(),
});
export const extendSchema = z.object({
  id: bodyIdSchema,
  days: z.coerce
    .number({ error: '请填写延长的工作日数' })
    .int('延长天数须为整数')
    .min(1, '至少延长 1 个工作日')
    .max(APPEAL_MAX_EXTENSION_DAYS, `最多延长 ${APPEAL_MAX_EXTENSION_DAYS} 个工作日`),
  reason: reason('延期理由'),
});
export const extendDecideSchema = z
  .object({ id: bodyIdSchema, approved: z.boolean({ error: '请选择是否批准延期' }), note: z.string().trim().max(500, '审批意见不能超过 500 个字').nullish() })
  .superRefine((v, ctx) => {
    if (!v.approved && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: '不批准延期时请填写理由' });
  });
export const urgeSchema = z.object({ id: bodyIdSchema, note: z.string().trim().max(500, '督办意见不能超过 500 个字').nullish() });
export const noteSchema = z.object({ id: bodyIdSchema, content: reason('备注内容', 2000) });
export const replySchema = z.object({
  id: bodyIdSchema,
  reply: reason('答复内容', 2000),
  attachments: z.array(fileRefSchema).max(10, '附件最多 10 个').nullish().transform((v) => v ?? []),
});
export const revisitSchema = z.object({ id: bodyIdSchema, note: reason('回访情况') });
export const unpublishSchema = z.object({ id: bodyIdSchema, reason: reason('不予公开的理由') });

/** Each step's request body, for the route that takes it and the console dialog that sends it. */
export const WORK_ORDER_STEP_SCHEMAS = {
  accept: acceptSchema,
  reject: rejectSchema,
  assign: assignSchema,
  sign: workOrderIdSchema,
  extend: extendSchema,
  'extend-decide': extendDecideSchema,
  urge: urgeSchema,
  note: noteSchema,
  reply: replySchema,
  revisit: revisitSchema,
  unpublish: unpublishSchema,
} as const satisfies Record<WorkOrderAction, z.ZodType>;
export type WorkOrderStepInput<A extends WorkOrderAction> = z.output<(typeof WORK_ORDER_STEP_SCHEMAS)[A]>;

/** A file a work order names (the appeal's attachments or the reply's), downloaded by staff who may open it. */
export const workOrderFileQuerySchema = z.object({ id: bodyIdSchema, filePath: downloadQuerySchema.shape.filePath });
export const workOrderFileUrl = (id: number, f: FileRef) => `/console/api/appeal/file?id=${id}&filePath=${encodeURIComponent(f.path)}`;

export type AcceptInput = z.output<typeof acceptSchema>;
export type RejectInput = z.output<typeof rejectSchema>;
export type AssignInput = z.output<typeof assignSchema>;
export type ExtendInput = z.output<typeof extendSchema>;
export type ExtendDecideInput = z.output<typeof extendDecideSchema>;
export type UrgeInput = z.output<typeof urgeSchema>;
export type NoteInput = z.output<typeof noteSchema>;
export type ReplyInput = z.output<typeof replySchema>;
export type RevisitInput = z.output<typeof revisitSchema>;
export type UnpublishInput = z.output<typeof unpublishSchema>;

/**
 * 批量受理 / 批量转办 on the work-order list (docs/console.md "Tables"): the same step applied to
 * each chosen work order in turn, through the same checks as one at a time; one row refused does
 * not stop the others, and the answer says per row what was done or why not.
 */
export const WORK_ORDER_BATCH_ACTIONS = { accept: '受理', assign: '转办' } as const;
export type WorkOrderBatchAction = keyof typeof WORK_ORDER_BATCH_ACTIONS;
export const WORK_ORDER_BATCH_MAX = 50;

export const workOrderBatchSchema = z
  .object({
    action: z.enum(['accept', 'assign'], { error: '请选择批量受理或批量转办' }),
    ids: z
      .array(recordId('工单编号有误'), { error: '请先勾选工单' })
      .min(1, '请先勾选工单')
      .max(WORK_ORDER_BATCH_MAX, `一次最多处理 ${WORK_ORDER_BATCH_MAX} 件工单`)
      .transform((ids) => [...new Set(ids)]),
    departmentId: recordId('请选择承办部门').nullish(),
    note: z.string().trim().max(500, '意见不能超过 500 个字').nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'assign' && !v.departmentId) ctx.addIssue({ code: 'custom', path: ['departmentId'], message: '请选择承办部门' });
  });
export type WorkOrderBatchInput = z.output<typeof workOrderBatchSchema>;

export const workOrderBatchResultSchema = z.object({
  results: z.array(z.object({ id: z.number().int(), title: z.string().nullable(), done: z.boolean(), message: z.string() })),
  done: z.number().int(),
  refused: z.number().int(),
});
export type WorkOrderBatchResult = z.infer<typeof workOrderBatchResultSchema>;
