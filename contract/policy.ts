import { z } from './zod.ts';
import { fileRefSchema } from './envelope.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';

/** 重点政策. Level and category are option ids of the `policy_level` / `policy_category` dictionaries. */
const dictFilter = (what: string) =>
  z
    .string()
    .trim()
    .max(30, `${what}参数过长`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const policyListQuerySchema = pagingSchema.extend({
  keyword: keywordSchema,
  level: dictFilter('政策级别'),
  category: dictFilter('政策类别'),
});
export type PolicyListQuery = z.output<typeof policyListQuerySchema>;

/** Validity from the effective dates (docs/domain.md): a stable code and its label. */
export const POLICY_VALIDITY = {
  effective: '现行有效',
  expired: '已失效',
  pending: '尚未生效',
} as const;
export type PolicyValidity = keyof typeof POLICY_VALIDITY;

export const policyListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 文号, e.g. 沪府规〔2025〕12号. */
  docNo: z.string().nullable(),
  /** 发文机关. */
  issuer: z.string(),
  level: z.string(),
  levelText: z.string(),
  category: z.string(),
  categoryText: z.string(),
  publishAt: z.string(),
  /** First day in force (ISO, start of the day in Shanghai); null: from publication. */
  effectiveFrom: z.string().nullable(),
  /** Last day in force (ISO, end of the day in Shanghai); null: no end date. */
  effectiveTo: z.string().nullable(),
  validity: z.enum(['effective', 'expired', 'pending']),
  validityText: z.string(),
  viewCount: z.number().int(),
});
export type PolicyListItem = z.infer<typeof policyListItemSchema>;

export const policySchema = policyListItemSchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  /** 政策解读, sanitised HTML; null when there is none. */
  interpretation: z.string().nullable(),
  attachments: z.array(fileRefSchema),
});
export type Policy = z.infer<typeof policySchema>;

export const policyPageSchema = pageSchema(policyListItemSchema);
