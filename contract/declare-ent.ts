import { z } from './zod.ts';
import { fileRefSchema } from './envelope.ts';
import { appealTimelineEntrySchema } from './appeal.ts';
import { bodyIdSchema, evaluationSchema } from './evaluation.ts';
import { projectListItemSchema, wanSchema } from './declare-project.ts';
import { pageSchema, pagingSchema } from './paging.ts';
import { phoneSchema, usccSchema } from './validators.ts';

/** 企业申报 (docs/domain.md "Enterprise declaration"). */
export const DECLARE_STATUS = {
  draft: '草稿',
  submitted: '待审核',
  approved: '审核通过',
  returned: '退回修改',
  refused: '不予通过',
} as const;
export type DeclareStatus = keyof typeof DECLARE_STATUS;
export const DECLARE_STATUSES = Object.keys(DECLARE_STATUS) as [DeclareStatus, ...DeclareStatus[]];

/** The steps of a declaration's timeline, as the enterprise reads them. */
export const DECLARE_ACTION = {
  submitted: '提交申报',
  resubmitted: '修改后重新提交',
  returned: '退回修改',
  refused: '不予通过',
  approved: '审核通过',
} as const;
export type DeclareAction = keyof typeof DECLARE_ACTION;

/** The enterprise may change a declaration only in these states. */
export const EDITABLE_DECLARE_STATUSES: readonly DeclareStatus[] = ['draft', 'returned'];
/** Evaluation comes after a final review result. */
export const EVALUABLE_DECLARE_STATUSES: readonly DeclareStatus[] = ['approved', 'refused'];

export const MAX_FILES_PER_MATERIAL = 5;

const text = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过 ${max} 个字`).nullish();
export const REGION_MESSAGE = '请选择所在省、市、区县';
const regionCode = z.string().trim().regex(/^\d{6}$/, REGION_MESSAGE).nullish();

/**
 * The form as saved. A draft may leave anything empty; `submit: true` then needs every field of
 * `declareSubmitSchema` and every required material, reported field by field.
 */
export const declareFormSchema = z.object({
  projectId: bodyIdSchema,
  enterpriseName: text(100, '企业名称'),
  uscc: text(18, '统一社会信用代码'),
  legalPerson: text(50, '法定代表人'),
  contactName: text(50, '联系人'),
  contactPhone: text(20, '联系电话'),
  provinceCode: regionCode,
  cityCode: regionCode,
  countyCode: regionCode,
  address: text(200, '详细地址'),
  content: text(5000, '申报内容'),
  amountApplied: wanSchema.nullish(),
  materials: z
    .array(
      z.object({
        materialId: bodyIdSchema,
        files: z.array(fileRefSchema).max(MAX_FILES_PER_MATERIAL, `每项材料最多 ${MAX_FILES_PER_MATERIAL} 个文件`),
      }),
    )
    .max(50)
    .nullish()
    .transform((v) => v ?? []),
  submit: z.boolean().nullish().transform((v) => v ?? false),
});
export type DeclareFormInput = z.output<typeof declareFormSchema>;

export const declareEditSchema = declareFormSchema.extend({ id: bodyIdSchema });
export type DeclareEditInput = z.output<typeof declareEditSchema>;

const required = (label: string, max: number) => z.string({ error: `请填写${label}` }).trim().min(1, `请填写${label}`).max(max);
const requiredRegion = z.string({ error: REGION_MESSAGE }).regex(/^\d{6}$/, REGION_MESSAGE);

/** What a submitted declaration must hold (checked by the server when `submit` is true). */
export const declareSubmitSchema = z.object({
  enterpriseName: required('企业名称', 100),
  uscc: z.string({ error: '请填写统一社会信用代码' }).pipe(usccSchema),
  legalPerson: required('法定代表人', 50),
  contactName: required('联系人', 50),
  contactPhone: z.string({ error: '请填写联系电话' }).pipe(phoneSchema),
  provinceCode: requiredRegion,
  cityCode: requiredRegion,
  countyCode: requiredRegion,
  address: required('详细地址', 200),
  content: z.string({ error: '请填写申报内容' }).trim().min(20, '申报内容至少 20 个字，请说明项目情况'),
  amountApplied: z.number({ error: '请填写申请金额（万元）' }).positive('申请金额须大于 0'),
});

export const declarePageQuerySchema = pagingSchema.extend({
  status: z.enum(DECLARE_STATUSES, { error: '申报状态有误' }).optional(),
});
export type DeclarePageQuery = z.output<typeof declarePageQuerySchema>;

/** The enterprise's particulars beyond its name and code, as a declaration and the profile hold them. */
const enterpriseContactFields = {
  legalPerson: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  countyCode: z.string().nullable(),
  address: z.string().nullable(),
};

export const declareListItemSchema = z.object({
  id: z.number().int(),
  project: projectListItemSchema.pick({ id: true, name: true, applyEnd: true, status: true, statusText: true }),
  /** 万元. */
  amountApplied: z.number().nullable(),
  /** 万元, once approved. */
  amountApproved: z.number().nullable(),
  status: z.enum(DECLARE_STATUSES),
  statusText: z.string(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
  /** While 退回修改: the last moment to resubmit, even after the project's window closed. */
  resubmitDueAt: z.string().nullable(),
  updatedAt: z.string(),
  evaluation: evaluationSchema.nullable(),
  canEdit: z.boolean(),
  canEvaluate: z.boolean(),
});
export type DeclareListItem = z.infer<typeof declareListItemSchema>;

export const declareDetailSchema = declareListItemSchema.extend({
  enterpriseName: z.string().nullable(),
  uscc: z.string().nullable(),
  ...enterpriseContactFields,
  content: z.string().nullable(),
  /** Every material of the project, with the files given for it. */
  materials: z.array(
    z.object({
      materialId: z.number().int(),
      name: z.string(),
      required: z.boolean(),
      templateType: z.string().nullable(),
      files: z.array(fileRefSchema),
    }),
  ),
  /** Every step, oldest first; the bureau shows as 企业服务局, never a staff member's name. */
  timeline: z.array(appealTimelineEntrySchema),
  createdAt: z.string(),
});
export type DeclareDetail = z.infer<typeof declareDetailSchema>;

export const declarePageSchema = pageSchema(declareListItemSchema);

/** GET pre-en-info: the enterprise profile under the form's field names. */
export const preEnInfoSchema = z.object({
  enterpriseName: z.string(),
  uscc: z.string(),
  ...enterpriseContactFields,
});
export type PreEnInfo = z.infer<typeof preEnInfoSchema>;

/** Timeline dot colours by step: results green or red, returns orange, the enterprise's own grey. */
export const DECLARE_ACTION_COLOUR: Record<DeclareAction, string> = { submitted: 'gray', resubmitted: 'gray', returned: 'orange', refused: 'red', approved: 'green' };
