import { z } from './zod.ts';
import { TEMPLATE_TYPES } from './files.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';
import { projectBodyFields, projectSummarySchema } from './project-fields.ts';

/** 项目申报 (domain.md "Declaration projects"). Status is derived from the application window. */
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

export const wanSchema = z
  .number({ error: '请输入金额（万元）' })
  .min(0, '金额不能为负数')
  .max(1_000_000, '金额过大，请核对单位（万元）')
  .refine((v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6, '金额最多保留 4 位小数');

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
});
export type Material = z.infer<typeof materialSchema>;

export const projectDetailSchema = projectListItemSchema.extend({
  ...projectBodyFields,
  materials: z.array(materialSchema),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const projectPageSchema = pageSchema(projectListItemSchema);
