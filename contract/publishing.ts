import { z } from './zod.ts';
import { calendarDaySchema } from './validators.ts';
import { fileRefSchema } from './envelope.ts';
import { bodyIdSchema } from './evaluation.ts';
import { cappedPageSchema, keywordSchema, pagingSchema } from './paging.ts';
import { sortShape } from './list-sort.ts';

/**
 * 先审后发 of notices and policies in the staff console (docs/console.md "Content"): an editor drafts
 * and submits, a publisher who did not write it publishes (now or at the asked time), sends it
 * back with a reason, or takes it offline with a reason.
 */
export const CONTENT_STATUS = {
  draft: '草稿',
  pending_review: '待审核',
  published: '已发布',
  offline: '已下线',
} as const;
export type ContentStatus = keyof typeof CONTENT_STATUS;
export const CONTENT_STATUSES = Object.keys(CONTENT_STATUS) as [ContentStatus, ...ContentStatus[]];

/** The two kinds that go through review, with their words. */
export const CONTENT_KINDS = {
  notice: { label: '通知公告', path: '/console/notice' },
  policy: { label: '重点政策', path: '/console/policy' },
} as const;
export type ContentKind = keyof typeof CONTENT_KINDS;

/** The notice and policy lists' sortable columns (docs/console.md "Tables"); none: latest change first. */
export const CONTENT_SORT_KEYS = ['updatedAt', 'publishAt'] as const;

export const contentListQuerySchema = pagingSchema.extend({
  status: z.enum(CONTENT_STATUSES, { error: '状态参数有误' }).nullish().transform((v) => v ?? undefined),
  /** true: drafts a publisher sent back (退回修改) and not yet resubmitted. */
  returned: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: '退回筛选须为是或否' })
    .nullish()
    .transform((v) => (v === undefined || v === null ? undefined : v === true || v === 'true')),
  keyword: keywordSchema,
  ...sortShape(CONTENT_SORT_KEYS),
});
export type ContentListQuery = z.output<typeof contentListQuerySchema>;

export const contentListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(CONTENT_STATUSES),
  statusText: z.string(),
  /** When it went (or goes) public; null while unpublished. */
  publishAt: z.string().nullable(),
  /** The time asked for by the author; null: on approval. */
  scheduleAt: z.string().nullable(),
  isTop: z.boolean(),
  updatedAt: z.string(),
  /** Name of the staff member who changed it last; null for rows from before the console. */
  updatedByName: z.string().nullable(),
  rejectReason: z.string().nullable(),
  offlineReason: z.string().nullable(),
});
export type ContentListItem = z.infer<typeof contentListItemSchema>;
/** `totalCapped`: more than 10,000 match (contract/paging.ts LIST_COUNT_CAP); the page says so. */
export const contentPageSchema = cappedPageSchema(contentListItemSchema);

export const contentIdSchema = z.object({ id: bodyIdSchema });
const reason = (what: string) =>
  z.string({ error: `请填写${what}` }).trim().min(1, `请填写${what}`).max(200, `${what}不能超过 200 个字`);
export const contentRejectSchema = z.object({ id: bodyIdSchema, reason: reason('退回修改的理由') });
export const contentOfflineSchema = z.object({ id: bodyIdSchema, reason: reason('下线的理由') });

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (what: string, max: number) =>
  z.preprocess(emptyToNull, z.string().trim().max(max, `${what}不能超过 ${max} 个字`).nullish()).transform((v) => v ?? null);

/** Rich text: required, and not only empty markup. The server sanitises it before it is stored. */
export const richText = (what: string, required: boolean) =>
  z
    .string({ error: `请填写${what}` })
    .max(200_000, `${what}过长，请精简或改为附件`)
    .refine((html) => !required || html.replace(/<(?!img)[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '', `请填写${what}`);

/** An ISO 8601 time, or nothing (publish on approval). */
const scheduleAtSchema = z
  .preprocess(emptyToNull, z.iso.datetime({ offset: true, error: '定时发布时间格式有误' }).nullish())
  .transform((v) => (v ? new Date(v).toISOString() : null));

const common = {
  id: bodyIdSchema.optional(),
  title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(200, '标题不能超过 200 个字'),
  content: richText('正文', true),
  attachments: z.array(fileRefSchema).max(20, '附件最多 20 个').default([]),
  scheduleAt: scheduleAtSchema,
};

export const noticeSaveSchema = z.object({
  ...common,
  summary: optionalText('摘要', 500),
  source: optionalText('来源', 100),
  isTop: z.boolean().default(false),
});
export type NoticeSaveRequest = z.input<typeof noticeSaveSchema>;
export type NoticeSave = z.output<typeof noticeSaveSchema>;

/** A calendar day as the form sends it (YYYY-MM-DD, Asia/Shanghai). */
const daySchema = (what: string) =>
  z.preprocess(emptyToNull, calendarDaySchema(`${what}不是有效的日期，应为 年-月-日，如 2026-01-05`).nullish()).transform((v) => v ?? null);

export const policySaveSchema = z
  .object({
    ...common,
    docNo: optionalText('文号', 100),
    issuer: z.string({ error: '请填写发文机关' }).trim().min(1, '请填写发文机关').max(100, '发文机关不能超过 100 个字'),
    level: z.string({ error: '请选择政策级别' }).trim().min(1, '请选择政策级别').max(30, '政策级别有误'),
    category: z.string({ error: '请选择政策类别' }).trim().min(1, '请选择政策类别').max(30, '政策类别有误'),
    effectiveFrom: daySchema('生效日期'),
    effectiveTo: daySchema('失效日期'),
    interpretation: z.preprocess(emptyToNull, richText('政策解读', false).nullish()).transform((v) => v ?? null),
  })
  .refine((p) => !p.effectiveFrom || !p.effectiveTo || p.effectiveFrom <= p.effectiveTo, {
    path: ['effectiveTo'],
    message: '失效日期不能早于生效日期',
  });
export type PolicySaveRequest = z.input<typeof policySaveSchema>;
export type PolicySave = z.output<typeof policySaveSchema>;

/** What the console's edit page loads: the stored fields as the form edits them. */
export const contentDetailSchema = contentListItemSchema.extend({
  content: z.string(),
  attachments: z.array(fileRefSchema),
  summary: z.string().nullable(),
  source: z.string().nullable(),
  docNo: z.string().nullable(),
  issuer: z.string().nullable(),
  level: z.string().nullable(),
  category: z.string().nullable(),
  effectiveFrom: z.string().nullable(),
  effectiveTo: z.string().nullable(),
  interpretation: z.string().nullable(),
  createdByName: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Whether the person asking may publish it (a publisher who neither drafted nor changed it). */
  mayPublish: z.boolean(),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

/**
 * 审核 (docs/console.md "Content"): the row as the public will see it, and the version the public
 * saw last; null when there is none to compare with (never published).
 */
export const contentReviewSchema = <S extends z.ZodType>(page: S) => z.object({ current: page, published: page.nullable() });
