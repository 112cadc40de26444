import { z } from './zod.ts';
import { calendarDaySchema } from './validators.ts';
import { TEMPLATE_TYPES } from './files.ts';
import { fileRefSchema, recordId } from './envelope.ts';
import { enabledFilterSchema } from './console-list.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';
import { AMOUNT_ORDER_MESSAGE, amountOrder, projectBodyFields, projectInputFields, projectRulesFields, projectSummarySchema } from './project-fields.ts';

/** 项目申报 (docs/domain.md "Declaration projects"). Status is derived from the application window. */
export const PROJECT_STATUS = { not_started: '未开始', open: '申报中', closed: '已截止' } as const;
export type ProjectStatus = keyof typeof PROJECT_STATUS;
export const PROJECT_STATUSES = Object.keys(PROJECT_STATUS) as [ProjectStatus, ...ProjectStatus[]];

export function projectStatus(applyStart: string, applyEnd: string, now: string): ProjectStatus {
  if (now < applyStart) return 'not_started';
  if (now > applyEnd) return 'closed';
  return 'open';
}

/**
 * Money: integer 元 in the database, 万元 (up to 4 decimals) in the API. 1 元 = 0.0001 万元,
 * so every 万元 amount with 4 decimals is a whole number of 元: exact both ways.
 */
export const wanToYuan = (wan: number) => Math.round(wan * 10_000);
export const yuanToWan = (yuan: number) => Number((yuan / 10_000).toFixed(4));
export const yuanToWanOrNull = (yuan: number | null) => (yuan === null ? null : yuanToWan(yuan));

export { wanSchema } from './project-fields.ts';

export const projectListQuerySchema = pagingSchema.extend({
  keyword: keywordSchema,
  category: z.string().max(50).optional(),
  status: z.enum(PROJECT_STATUSES, { error: '项目状态有误' }).optional(),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

export const projectListItemSchema = projectSummarySchema.extend({
  applyStart: z.string(),
  applyEnd: z.string(),
  status: z.enum(PROJECT_STATUSES),
  statusText: z.string(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

export const materialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  required: z.boolean(),
  /** A template of the fixed set (contract/files.ts TEMPLATES), or null. */
  templateType: z.enum(TEMPLATE_TYPES).nullable(),
  /** A template file staff uploaded for this project (downloaded through the file call), or null. */
  template: fileRefSchema.nullable(),
});
export type Material = z.infer<typeof materialSchema>;

export const projectDetailSchema = projectListItemSchema.extend({
  ...projectBodyFields,
  materials: z.array(materialSchema),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const projectPageSchema = pageSchema(projectListItemSchema);

// ---- console (申报项目, reviewers) ----------------------------------------------------------------

/** The words of a project's public state in the console: 启用 is 已发布. */
export const PROJECT_SWITCH_WORDS = { on: '已发布', off: '未发布' } as const;

export const declareProjectConsoleQuerySchema = pagingSchema.extend({ keyword: keywordSchema, status: enabledFilterSchema });
export type DeclareProjectConsoleQuery = z.output<typeof declareProjectConsoleQuerySchema>;

/** One line of a project's materials as staff enter it; `id` keeps a line declarations already refer to. */
export const materialInputSchema = z.object({
  id: recordId('请选择一条记录').nullish().transform((v) => v ?? null),
  name: z.string({ error: '请填写材料名称' }).trim().min(1, '请填写材料名称').max(200, '材料名称不能超过 200 个字'),
  required: z.boolean().default(true),
  templateType: z.enum(TEMPLATE_TYPES, { error: '模板类型有误' }).nullish().transform((v) => v ?? null),
  template: fileRefSchema.nullish().transform((v) => v ?? null),
});
export type MaterialInput = z.output<typeof materialInputSchema>;

/** A calendar day as the form sends it (YYYY-MM-DD, Beijing time). */
const daySchema = (what: string) => z.string({ error: `请选择${what}` }).pipe(calendarDaySchema(`${what}不是有效的日期，应为 年-月-日，如 2026-01-05`));

/** POST /console/api/declare-project/save: a new project (not yet public) without id, a change with it. */
export const declareProjectSaveSchema = z
  .object({
    ...projectInputFields,
    applyStart: daySchema('申报开始日期'),
    applyEnd: daySchema('申报截止日期'),
    materials: z.array(materialInputSchema, { error: '材料清单有误' }).max(30, '材料最多 30 项').default([]),
  })
  .refine(amountOrder, AMOUNT_ORDER_MESSAGE)
  .refine((p) => p.applyStart <= p.applyEnd, { path: ['applyEnd'], message: '申报截止日期不能早于开始日期' });
export type DeclareProjectSaveRequest = z.input<typeof declareProjectSaveSchema>;
export type DeclareProjectSave = z.output<typeof declareProjectSaveSchema>;

export const declareProjectConsoleRowSchema = projectListItemSchema.extend({
  ...projectBodyFields,
  ...projectRulesFields,
  enabled: z.boolean(),
  materials: z.array(materialSchema),
  /** Declarations of it, drafts included: a material they refer to cannot be removed. */
  declarations: z.number().int(),
  updatedAt: z.string(),
});
export type DeclareProjectConsoleRow = z.infer<typeof declareProjectConsoleRowSchema>;
export const declareProjectConsolePageSchema = pageSchema(declareProjectConsoleRowSchema);
