import { z } from './zod.ts';
import { fileRefSchema } from './envelope.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';

/** 通知公告. */
export const noticeListQuerySchema = pagingSchema.extend({ keyword: keywordSchema });
export type NoticeListQuery = z.output<typeof noticeListQuerySchema>;

export const noticeListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  source: z.string().nullable(),
  publishAt: z.string(),
  isTop: z.boolean(),
  viewCount: z.number().int(),
});
export type NoticeListItem = z.infer<typeof noticeListItemSchema>;

export const noticeSchema = noticeListItemSchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  attachments: z.array(fileRefSchema),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticePageSchema = pageSchema(noticeListItemSchema);
