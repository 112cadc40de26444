import { z } from './zod.ts';
import { cappedPageSchema, pagingSchema } from './paging.ts';
import type { Permission } from './permissions.ts';

/** 站内搜索: what a visitor may find, one tab each, in the order the tabs show them. */
export const SEARCH_TYPES = {
  notice: '通知公告',
  policy: '重点政策',
  'declare-project': '申报项目',
  'free-project': '免申即享',
  proclamation: '公示',
  service: '服务事项',
  'address-book': '政务通讯录',
  appeal: '诉求',
} as const;
export type SearchType = keyof typeof SEARCH_TYPES;
export const SEARCH_TYPE_KEYS = Object.keys(SEARCH_TYPES) as [SearchType, ...SearchType[]];

export const SEARCH_SORTS = { relevance: '按相关度', date: '按时间' } as const;
export type SearchSort = keyof typeof SEARCH_SORTS;

/** Longer than this is refused with a sentence: nobody types a search of a paragraph. */
export const MAX_QUERY_LENGTH = 100;
export const QUERY_TOO_LONG = `搜索词不能超过 ${MAX_QUERY_LENGTH} 个字，请精简后再搜索`;

const querySchema = z.string({ error: '请输入要搜索的内容' }).trim().min(1, '请输入要搜索的内容').max(MAX_QUERY_LENGTH, QUERY_TOO_LONG);

export const searchQuerySchema = pagingSchema.extend({
  q: querySchema,
  type: z.enum(SEARCH_TYPE_KEYS, { error: '没有这种搜索分类' }).optional(),
  sort: z.enum(['relevance', 'date'], { error: '排序方式只能是按相关度或按时间' }).default('relevance'),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const searchRecordSchema = z.object({
  type: z.enum(SEARCH_TYPE_KEYS),
  id: z.number().int(),
  /** HTML-escaped text; the only markup is `<mark>` around the words that matched. */
  title: z.string(),
  snippet: z.string(),
  /** The public page the record opens. */
  url: z.string(),
  /** ISO 8601 UTC: published, replied or last changed. */
  date: z.string(),
});
export type SearchRecord = z.infer<typeof searchRecordSchema>;

/**
 * A search counts and lists at most this many matches, per tab and in all (docs/search.md
 * "Matching, ranking and sort"): past it the page says 超过 1,000 条 and lists the newest 1,000,
 * so the first search of a word found everywhere costs what a rare one does.
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/** `totalCapped`: more than SEARCH_COUNT_LIMIT match, and `total` says the limit. */
export const searchPageSchema = cappedPageSchema(searchRecordSchema).extend({
  /** Matches per type (at most SEARCH_COUNT_LIMIT), whatever `type` asked for, so the tabs show their counts. */
  facets: z.record(z.string(), z.number().int()),
  /** The types with more matches than their count says (SEARCH_COUNT_LIMIT). */
  cappedFacets: z.array(z.enum(SEARCH_TYPE_KEYS)),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

export const suggestQuerySchema = z.object({ q: z.string().trim().max(MAX_QUERY_LENGTH, QUERY_TOO_LONG).default('') });
export const suggestListSchema = z.array(z.string());

/** 同义词与简称 (staff): a group of words a search treats as one. */
export const synonymWordSchema = z.string().trim().min(1, '同义词不能为空').max(30, '每个词不能超过 30 个字');
export const synonymSaveSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  words: z
    .array(synonymWordSchema, { error: '请填写同义词' })
    .min(2, '一组同义词至少要有两个词')
    .max(10, '一组同义词最多 10 个词')
    .refine((w) => new Set(w).size === w.length, '同一组里的词不能重复'),
});
export type SynonymSave = z.output<typeof synonymSaveSchema>;

export const synonymSchema = z.object({ id: z.number().int(), words: z.array(z.string()), updatedAt: z.string(), updatedByName: z.string().nullable() });
export type Synonym = z.infer<typeof synonymSchema>;

export const searchStatRowSchema = z.object({ query: z.string(), count: z.number().int() });
export const searchStatsSchema = z.object({
  /** Over the last 30 days, most searched first. */
  top: z.array(searchStatRowSchema),
  noResults: z.array(searchStatRowSchema),
});
export type SearchStats = z.infer<typeof searchStatsSchema>;
export const STATS_DAYS = 30;

/**
 * Who keeps the synonyms and who reads the search figures: the content editor edits (the words
 * of the bureau's texts are theirs), the auditor reads (what people searched for is access
 * statistics). No permission of its own: every role that needs it holds one of these already.
 */
export const SEARCH_EDIT_PERMISSION: Permission = 'content:notice:edit';
export const SEARCH_READ_PERMISSIONS: readonly Permission[] = ['content:notice:edit', 'audit:stats:view'];
