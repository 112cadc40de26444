import { z } from './zod.ts';
import { addressBookEntrySchema } from './address-book.ts';
import { bodyIdSchema } from './evaluation.ts';

/** The user's own address book: starred entries and the enterprise's service commissioner (服务专员). */
export const starInputSchema = z.object({
  entryId: bodyIdSchema,
  starred: z.boolean({ error: '请说明是收藏还是取消收藏' }),
});
export type StarInput = z.output<typeof starInputSchema>;

export const starResultSchema = z.object({ entryId: z.number().int(), starred: z.boolean() });
export const starredListSchema = z.array(addressBookEntrySchema);
export const commissionerSchema = addressBookEntrySchema.nullable();
