import { z } from './zod.ts';

/** Paging keys of every list call (docs/api.md): currentPage from 1, pageSize 10 by default, at most 100. */
export const MAX_PAGE_SIZE = 100;

export const pagingSchema = z.object({
  currentPage: z.coerce.number({ error: '页码须为数字' }).int('页码须为整数').min(1, '页码须从 1 开始').max(1_000_000, '页码过大').default(1),
  pageSize: z.coerce
    .number({ error: '每页条数须为数字' })
    .int('每页条数须为整数')
    .min(1, '每页条数至少为 1')
    .default(10)
    // A huge pageSize is clamped, not refused: the reply still tells the size used.
    .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
});
export type Paging = z.output<typeof pagingSchema>;

/**
 * An optional search word: trimmed, empty (or null, as the server's trimming turns blank body
 * strings into null) becomes undefined, capped so it cannot be abused.
 */
export const keywordSchema = z
  .string()
  .trim()
  .max(50, '关键词不能超过 50 个字')
  .nullish()
  .transform((v) => (v ? v : undefined));

export interface Page<T> {
  records: T[];
  total: number;
  currentPage: number;
  pageSize: number;
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    records: z.array(item),
    total: z.number().int(),
    currentPage: z.number().int(),
    pageSize: z.number().int(),
  });
}

/**
 * Long lists count at most this many matches (the audit log, the work-order and review queues):
 * past it the page says 超过 10,000 条 and the person narrows the filters, so a search over years
 * of rows costs what one over a week does.
 */
export const LIST_COUNT_CAP = 10_000;

/** A page whose total stops at LIST_COUNT_CAP; `totalCapped`: more match than were counted. */
export function cappedPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({ totalCapped: z.boolean() });
}
export type CappedPage<T> = Page<T> & { totalCapped: boolean };
