import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import { ATTRIBUTE_CODES } from './enterprise-profile.ts';
import { pageSchema, pagingSchema } from './paging.ts';

/**
 * 一企一档 of one enterprise for staff (docs/matching.md "The pages"): its particulars, each
 * attribute from each source, every change of its profile, and what the bureau did with it
 * (appeals, declarations, 免申即享 rows, messages, pushes), each list paged on its own. A list the
 * staff member may not see is null (docs/console.md "一企一档 and 匹配条件").
 */
export const DOSSIER_LISTS = {
  appeals: '诉求',
  declarations: '项目申报',
  freeDeclares: '免申即享',
  messages: '站内消息',
  pushes: '政策推送',
  changes: '画像变更',
} as const;
export type DossierList = keyof typeof DOSSIER_LISTS;
export const DOSSIER_LIST_CODES = Object.keys(DOSSIER_LISTS) as [DossierList, ...DossierList[]];

/** GET /console/api/enterprise/detail: `currentPage` and `pageSize` page the list named by `list`; the others show their first page. */
export const dossierQuerySchema = pagingSchema.extend({
  id: recordId('请选择一家企业'),
  list: z
    .enum(DOSSIER_LIST_CODES, { error: '列表只能是诉求、项目申报、免申即享、站内消息或政策推送' })
    .nullish()
    .transform((v) => v ?? undefined),
});
export type DossierQuery = z.output<typeof dossierQuerySchema>;

const valueSchema = z.union([z.string(), z.number(), z.array(z.string())]);

/** One attribute from each source: what the enterprise declared, and what a department verified. */
export const dossierAttributeSchema = z.object({
  code: z.enum(ATTRIBUTE_CODES),
  self: z.object({ value: valueSchema, updatedAt: z.string() }).nullable(),
  verified: z.object({ value: valueSchema, department: z.string().nullable(), updatedAt: z.string() }).nullable(),
});
export type DossierAttribute = z.infer<typeof dossierAttributeSchema>;

/** `link`: the console's own page for the record, when there is one and the staff member may open it. */
const link = z.string().nullable();

export const dossierSchema = z.object({
  enterprise: z.object({
    id: z.number().int(),
    name: z.string(),
    uscc: z.string(),
    legalPerson: z.string().nullable(),
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
    address: z.string().nullable(),
    createdAt: z.string(),
  }),
  attributes: z.array(dossierAttributeSchema),
  /** 接收政策推送短信. */
  pushSms: z.boolean(),
  appeals: pageSchema(z.object({ id: z.number().int(), title: z.string(), status: z.string(), createdAt: z.string(), repliedAt: z.string().nullable(), link })).nullable(),
  declarations: pageSchema(
    z.object({ id: z.number().int(), projectName: z.string(), status: z.string(), submittedAt: z.string().nullable(), reviewedAt: z.string().nullable(), amountApproved: z.number().nullable(), link }),
  ).nullable(),
  freeDeclares: pageSchema(z.object({ id: z.number().int(), projectName: z.string(), amount: z.number(), status: z.string(), createdAt: z.string(), paidAt: z.string().nullable(), link })).nullable(),
  messages: pageSchema(z.object({ id: z.number().int(), title: z.string(), createdAt: z.string(), readAt: z.string().nullable() })).nullable(),
  pushes: pageSchema(
    z.object({
      kind: z.enum(['declare-project', 'free-project']),
      projectId: z.number().int(),
      projectName: z.string(),
      verdict: z.enum(['eligible', 'maybe']),
      toldAt: z.string(),
      sms: z.enum(['pending', 'sent', 'failed']).nullable(),
      link,
    }),
  ).nullable(),
  /** 画像变更, newest first: seen by whoever sees the profile. */
  changes: pageSchema(
    z.object({
      id: z.number().int(),
      code: z.enum(ATTRIBUTE_CODES),
      source: z.enum(['self', 'verified']),
      department: z.string().nullable(),
      /** null: no value before (the first), or none after (cleared). */
      before: valueSchema.nullable(),
      after: valueSchema.nullable(),
      /** Who wrote it: the enterprise's account, or the staff member and file of the import; null when not known (the demo data). */
      by: z.string().nullable(),
      changedAt: z.string(),
    }),
  ),
});
export type Dossier = z.infer<typeof dossierSchema>;
export type DossierChange = Dossier['changes']['records'][number];
