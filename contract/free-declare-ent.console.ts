import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import { FREE_PROJECT_STATUSES } from './free-project.ts';
import { bodyIdSchema } from './evaluation.ts';
import { importCommitSchema, refusedCell, refusedRowsRequestSchema } from './sheet-import.ts';
import { wanSchema } from './declare-project.ts';
import { FREE_DECLARE_STATUSES, freeDeclareStepSchema, freeRowFields } from './free-declare.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';
import { sortShape } from './list-sort.ts';

/**
 * 免申即享 in the staff console (docs/console.md "免申即享"): eligibility lists imported from CSV or
 * XLSX, the rows' steps (amend, cancel, return, pay) and the answers to 信息有误 corrections.
 */

/** The columns of an import file, in the template's order; `aliases` are other headers staff sheets use. */
export const FREE_IMPORT_COLUMNS = [
  { key: 'uscc', label: '统一社会信用代码', required: true, aliases: ['信用代码', '社会信用代码', 'uscc'] },
  { key: 'enterpriseName', label: '企业名称', required: true, aliases: ['单位名称', '名称', 'enterprisename'] },
  { key: 'amount', label: '金额（万元）', required: true, aliases: ['金额(万元)', '兑付金额（万元）', '兑付金额(万元)', '补贴金额（万元）', '补贴金额(万元)', '金额', 'amount'] },
  { key: 'condition', label: '符合条件', required: false, aliases: ['满足条件', '匹配条件', '条件', 'condition'] },
  { key: 'source', label: '数据来源', required: false, aliases: ['来源', 'source'] },
  { key: 'projectName', label: '项目名称', required: false, aliases: ['项目', 'project'] },
] as const;
export type FreeImportColumn = (typeof FREE_IMPORT_COLUMNS)[number]['key'];

/** At most this many data lines per file (a list of the whole zone fits many times over). */
export const FREE_IMPORT_MAX_ROWS = 50_000;
/** 信息有误 is answered within this many working days of its receipt. */
export const CORRECTION_WORKING_DAYS = 5;

/** A typed cell shown back to the person is cut here (with …): a cell of garbage is not echoed whole. */
export const FREE_IMPORT_RAW_MAX = 100;

export const importPreviewRowSchema = z.object({
  line: z.number().int(),
  uscc: z.string(),
  enterpriseName: z.string(),
  /** 万元; null when the cell is not a valid amount. */
  amount: z.number().nullable(),
  condition: z.string(),
  source: z.string(),
  /** Why the row cannot be imported; empty for a good row. */
  errors: z.array(z.string()),
  /**
   * A refused row's cells as the person typed them (before the USCC is tidied and the amount read),
   * so that the preview and the file to fix offline show what was wrong, not only why; null on a good row.
   */
  raw: z.object({ uscc: z.string(), amount: z.string() }).nullable(),
  /** The enterprise is already on this project's list: the row is skipped, not duplicated. */
  existing: z.boolean(),
  /** The enterprise has no account yet: it is created, and its first login finds the row. */
  newEnterprise: z.boolean(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

/** Where a list comes from: a spreadsheet, or the project's rules on verified attributes (docs/matching.md "免申即享 from the rules"). */
export const IMPORT_ORIGINS = { file: '名单文件', rules: '按匹配条件生成' } as const;

export const importPreviewSchema = z.object({
  batchId: z.number().int(),
  origin: z.enum(['file', 'rules']),
  projectId: z.number().int(),
  projectName: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  /** Rows that will be written by the commit. */
  valid: z.number().int(),
  invalid: z.number().int(),
  existing: z.number().int(),
  /** rules: enterprises neither eligible nor missing verified data to decide (not listed as rows). */
  unmatched: z.number().int(),
  rows: z.array(importPreviewRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/**
 * The rows a preview refused, sent back to be written as .xlsx with a 问题 column, to be fixed
 * offline and uploaded again. Bounded so that the body stays under the API's 1 MB.
 */
export const importErrorsRequestSchema = refusedRowsRequestSchema(
  {
    uscc: refusedCell(100),
    enterpriseName: refusedCell(200),
    amount: z.number().nullable(),
    condition: refusedCell(500),
    source: refusedCell(200),
    raw: z.object({ uscc: refusedCell(300), amount: refusedCell(300) }).nullable(),
  },
  3000,
);
export type ImportErrorsRequest = z.output<typeof importErrorsRequestSchema>;

/**
 * 按匹配条件生成: the project's list from its rules on verified attributes, every enterprise that
 * qualifies at the same amount (万元), checked against the project's range.
 */
export const importGenerateSchema = z.object({ projectId: bodyIdSchema, amount: wanSchema.refine((v) => v > 0, '金额须大于 0') });
export type ImportGenerate = z.output<typeof importGenerateSchema>;

export { importCommitSchema };
export const importResultSchema = z.object({ created: z.number().int(), skipped: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;

export const FREE_ROW_ACTIONS = ['amend', 'cancel', 'return', 'pay'] as const;
export type FreeRowAction = (typeof FREE_ROW_ACTIONS)[number];

/** The 免申即享 rows' sortable columns (docs/console.md "Tables"); none: newest first. */
export const FREE_ROW_SORT_KEYS = ['amount', 'paidAt'] as const;

export const freeListQuerySchema = pagingSchema.extend({
  projectId: recordId('项目编号有误')
    .nullish()
    .transform((v) => v ?? undefined),
  status: z
    .enum(FREE_DECLARE_STATUSES, { error: '状态有误' })
    .nullish()
    .transform((v) => v ?? undefined),
  /** Enterprise name or USCC. */
  keyword: keywordSchema,
  ...sortShape(FREE_ROW_SORT_KEYS),
});
export type FreeListQuery = z.output<typeof freeListQuerySchema>;

export const freeTimelineEntrySchema = freeDeclareStepSchema.extend({
  /** Staff only (never sent to the enterprise). */
  staffName: z.string().nullable().optional(),
});
export type FreeTimelineEntry = z.infer<typeof freeTimelineEntrySchema>;

export const freeListItemSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  ...freeRowFields,
  /** 信息有误 corrections still waiting for an answer. */
  openCorrections: z.number().int(),
  actions: z.array(z.enum(FREE_ROW_ACTIONS)),
});
export type FreeListItem = z.infer<typeof freeListItemSchema>;
export const freeListPageSchema = pageSchema(freeListItemSchema);

export const freeRowDetailSchema = freeListItemSchema.extend({ timeline: z.array(freeTimelineEntrySchema) });
export type FreeRowDetail = z.infer<typeof freeRowDetailSchema>;

const reason = (what: string, max = 500) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(2, `请填写${what}（至少 2 个字）`)
    .max(max, `${what}不能超过 ${max} 个字`);

export const freeAmendSchema = z.object({
  id: bodyIdSchema,
  amount: wanSchema.refine((v) => v > 0, '金额须大于 0'),
  reason: reason('调整原因'),
});
export type FreeAmendInput = z.output<typeof freeAmendSchema>;
export const freeCancelSchema = z.object({ id: bodyIdSchema, reason: reason('取消原因') });
export type FreeCancelInput = z.output<typeof freeCancelSchema>;
export const freeReturnSchema = z.object({ id: bodyIdSchema, reason: reason('退回原因（如收款账户有误）') });
export type FreeReturnInput = z.output<typeof freeReturnSchema>;

export const FREE_PAY_MAX_ROWS = 500;
export const freePaySchema = z.object({
  ids: z
    .array(recordId('记录编号有误'), { error: '请选择要登记兑付的记录' })
    .min(1, '请选择要登记兑付的记录')
    .max(FREE_PAY_MAX_ROWS, `一次最多登记 ${FREE_PAY_MAX_ROWS} 条`),
  voucherNo: z
    .string({ error: '请填写兑付凭证号' })
    .trim()
    .min(1, '请填写兑付凭证号')
    .max(50, '凭证号不能超过 50 个字')
    .regex(/^[A-Za-z0-9\-_/]+$/, '凭证号只能包含字母、数字和 - _ /'),
});
export type FreePayInput = z.output<typeof freePaySchema>;
export const freePayResultSchema = z.object({ paid: z.number().int() });

export const CORRECTION_STATUS = { received: '待答复', answered: '已答复' } as const;
export type CorrectionStatus = keyof typeof CORRECTION_STATUS;
export const CORRECTION_STATUSES = Object.keys(CORRECTION_STATUS) as [CorrectionStatus, ...CorrectionStatus[]];

export const correctionQuerySchema = pagingSchema.extend({
  status: z
    .enum(CORRECTION_STATUSES, { error: '状态有误' })
    .nullish()
    .transform((v) => v ?? undefined),
  overdue: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .nullish()
    .transform((v) => (v === undefined || v === null ? undefined : v === true || v === 'true')),
});
export type CorrectionQuery = z.output<typeof correctionQuerySchema>;

export const correctionItemSchema = z.object({
  id: z.number().int(),
  receiptNo: z.string(),
  freeDeclareEntId: z.number().int(),
  projectName: z.string(),
  enterpriseName: z.string(),
  uscc: z.string(),
  content: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  statusText: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
  dueSoon: z.boolean(),
});
export type CorrectionItem = z.infer<typeof correctionItemSchema>;
export const correctionPageSchema = pageSchema(correctionItemSchema);

export const correctionAnswerSchema = z.object({ id: bodyIdSchema, reply: reason('答复内容', 1000) });
export type CorrectionAnswerInput = z.output<typeof correctionAnswerSchema>;

/** A free project as the console lists it, with how many rows of its list are in each state. */
export const freeProjectSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  department: z.string(),
  amountMin: z.number().nullable(),
  amountMax: z.number().nullable(),
  publishAt: z.string(),
  /** contract/free-project.ts: only a published project takes a new list. */
  status: z.enum(FREE_PROJECT_STATUSES),
  statusText: z.string(),
  counts: z.record(z.enum(FREE_DECLARE_STATUSES), z.number().int()),
  total: z.number().int(),
});
export type FreeProjectSummary = z.infer<typeof freeProjectSummarySchema>;
