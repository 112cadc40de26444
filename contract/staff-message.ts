import { z } from './zod.ts';

/**
 * 工作人员站内消息: what the portal itself tells staff (a column about to go stale ...), shown on the
 * 工作台. A staff member may ask for the same by SMS to their registered mobile.
 */
export const staffMessageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** A console page to act on it. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMessage = z.infer<typeof staffMessageSchema>;

/** The newest messages (read or not) and how many are unread, with the SMS choice. */
export const staffInboxSchema = z.object({
  records: z.array(staffMessageSchema),
  unread: z.number().int(),
  sms: z.boolean(),
});
export type StaffInbox = z.infer<typeof staffInboxSchema>;

/** How many messages the 工作台 shows. */
export const STAFF_INBOX_SIZE = 10;

export const staffMessageReadSchema = z.object({
  ids: z.array(z.number({ error: '消息编号有误' }).int('消息编号有误').positive('消息编号有误'), { error: '请选择要标为已读的消息' }).min(1, '请选择要标为已读的消息').max(100, '一次最多标记 100 条消息'),
});

export const staffSmsChoiceSchema = z.object({ sms: z.boolean({ error: '请选择是否接收短信提醒' }) });
