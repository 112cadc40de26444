import { z } from './zod.ts';
import { sortField } from './console-list.ts';

/**
 * Dictionaries (`GET /api/dict/parent?code=X`): options `{ text, id }`, label `text`, value `id`
 * (docs/product.md §9). The codes below ship with the product; staff may add options later, so other domains
 * store the option `id` and ask the dict service for its label.
 */
export const DICT_CODES = ['appeal_type', 'policy_category', 'policy_level', 'industry', 'enterprise_scale', 'declare_category'] as const;
export type DictCode = (typeof DICT_CODES)[number];

export const dictQuerySchema = z.object({
  code: z.string({ error: '请提供字典编码 code' }).max(50, '字典编码过长'),
});

export const dictOptionSchema = z.object({ text: z.string(), id: z.string() });
export type DictOption = z.infer<typeof dictOptionSchema>;
export const dictOptionsSchema = z.array(dictOptionSchema);

/** What staff may change of one option (used by the console; bumps cache_version). */
export const dictOptionInputSchema = z.object({
  id: z
    .string({ error: '请输入选项值' })
    .trim()
    .min(1, '请输入选项值')
    .regex(/^[A-Za-z0-9_-]{1,30}$/, '选项值只能由字母、数字、下划线或短横线组成，最多 30 个字符'),
  text: z.string({ error: '请输入选项名称' }).trim().min(1, '请输入选项名称').max(50, '选项名称不能超过 50 个字'),
  sort: sortField.default(0),
  enabled: z.boolean().default(true),
});
export type DictOptionInput = z.input<typeof dictOptionInputSchema>;

/**
 * POST /console/api/dict/options { dictCode }: every option of one dictionary, stopped ones too.
 * `dictCode`, not `code`: the audit trail masks every field named `code` (SMS and captcha codes).
 */
export const dictCodeSchema = z.object({ dictCode: z.string({ error: '请选择字典' }).trim().min(1, '请选择字典').max(50, '字典编码不能超过 50 个字符') });
export const dictConsoleOptionSchema = z.object({ id: z.string(), text: z.string(), sort: z.number().int(), enabled: z.boolean() });
export type DictConsoleOption = z.infer<typeof dictConsoleOptionSchema>;
/** POST /console/api/dict/save: one option of one dictionary, added or changed. */
export const dictOptionSaveSchema = dictOptionInputSchema.extend(dictCodeSchema.shape);

/** POST /console/api/dict/types: the dictionaries staff may edit, with their names. */
export const dictTypeSchema = z.object({ code: z.string(), name: z.string(), count: z.number().int() });
export type DictType = z.infer<typeof dictTypeSchema>;

/** POST /console/api/dict/enable | disable: one option of one dictionary. */
export const dictOptionRefSchema = dictCodeSchema.extend({ id: dictOptionInputSchema.shape.id });
export type DictOptionRef = z.infer<typeof dictOptionRefSchema>;

/** POST /console/api/dict/sort: a new order for some options of one dictionary. */
export const dictSortSchema = dictCodeSchema.extend({
  items: z
    .array(z.object({ id: dictOptionInputSchema.shape.id, sort: sortField }), { error: '请给出新的顺序' })
    .min(1, '请给出新的顺序')
    .max(500, '一次最多排序 500 条'),
});
export type DictSort = z.infer<typeof dictSortSchema>;
