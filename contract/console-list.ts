import { z } from './zod.ts';
import { recordId } from './envelope.ts';

/**
 * Shapes every directory the console edits in place shares (address book, service items,
 * dictionaries...): `{ id }` for enable/disable, a new order for sort, and the 启用 filter.
 */
export const sortField = z.coerce.number({ error: '排序须为数字' }).int('排序须为整数').min(0, '排序不能小于 0').max(9999, '排序不能大于 9999');

export const recordIdSchema = z.object({
  id: recordId('请选择一条记录'),
});
export type RecordId = z.infer<typeof recordIdSchema>;

/** A new order for some rows of one list: each row's id and its sort number (smaller first). */
export const sortOrderSchema = z.object({
  items: z
    .array(z.object({ id: recordIdSchema.shape.id, sort: sortField }), { error: '请给出新的顺序' })
    .min(1, '请给出新的顺序')
    .max(500, '一次最多排序 500 条'),
});
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** The 状态 filter of a console list: absent means both. */
export const enabledFilterSchema = z
  .enum(['enabled', 'disabled'], { error: '状态只能是启用或停用' })
  .nullish()
  .transform((v) => v ?? undefined);
