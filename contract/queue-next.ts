import { z } from './zod.ts';
import { recordId } from './envelope.ts';

/**
 * 下一条 (docs/console.md "下一条"): after a step on an item opened from a list, the next item of
 * that list, under the same filters and order. The item's place in the list (`at`, from 0) comes
 * with it, so that the next one is found where the person was, not at the top.
 */
export const QUEUE_MAX_AT = 100_000;

export const queuePositionShape = {
  id: recordId('编号有误'),
  at: z.number({ error: '列表位置有误' }).int('列表位置有误').min(0, '列表位置有误').max(QUEUE_MAX_AT, '列表位置有误'),
};

/** The next item and its place, or null: the list holds nothing else. */
export const queueNextSchema = z.object({ id: z.number().int(), at: z.number().int() }).nullable();
export type QueueNext = z.infer<typeof queueNextSchema>;
