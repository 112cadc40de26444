import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import { pageSchema, pagingSchema } from './paging.ts';

/**
 * 站内消息 (docs/console.md "Enterprise side of the same work"): what the bureau's steps tell an
 * enterprise. Every user of the enterprise sees the same messages; reading one marks it read
 * for the enterprise.
 */
export const messageItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** A page of the portal where the enterprise sees or acts on the record, e.g. /user/appeal/12. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const messagePageQuerySchema = pagingSchema;
export type MessagePageQuery = z.output<typeof messagePageQuerySchema>;

export const messagePageSchema = pageSchema(messageItemSchema).extend({
  /** Unread messages of the enterprise, over all pages. */
  unread: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

const messageIdSchema = recordId('消息编号有误');

export const messageReadSchema = z.object({
  ids: z.array(messageIdSchema, { error: '请选择要标为已读的消息' }).min(1, '请选择要标为已读的消息').max(100, '一次最多标记 100 条消息'),
});
export type MessageReadInput = z.output<typeof messageReadSchema>;

export const messageReadResultSchema = z.object({ updated: z.number().int(), unread: z.number().int() });

/**
 * SMS on the results an enterprise must know or act on (docs/console.md): one template per step,
 * as an SMS gateway registers them. `{title}` is the record's title, shortened.
 */
export const SMS_TEMPLATES = {
  appeal_accepted: '您提交的诉求“{title}”已受理，我们将尽快办理，请登录平台查看进度。',
  appeal_rejected: '您提交的诉求“{title}”未予受理，原因请登录平台查看。',
  appeal_resolved: '您提交的诉求“{title}”已办结，请登录平台查看答复并评价。',
  appeal_rectified: '您对诉求“{title}”的评价已整改反馈，请登录平台查看并重新评价。',
  declare_returned: '您的申报“{title}”已退回修改，请按审核意见修改后重新提交。',
  declare_reviewed: '您的申报“{title}”审核已完成，请登录平台查看审核结果。',
  objection_answered: '您对“{title}”提出的异议已答复，请登录平台查看。',
  free_declare_listed: '您已列入免申即享“{title}”名单，请登录平台核对信息并确认收款账户。',
  free_declare_returned: '您的免申即享“{title}”收款信息有误已退回，请登录平台修改后重新确认。',
  free_declare_cancelled: '您的免申即享“{title}”已取消，原因请登录平台查看。',
  free_declare_answered: '您对免申即享“{title}”反馈的信息有误已答复，请登录平台查看。',
  free_declare_paid: '您的免申即享资金“{title}”已兑付，请注意查收。',
  match_push_declare: '贵企业符合申报项目“{title}”的条件，请登录平台查看并在线申报。',
  match_push_free: '贵企业符合免申即享“{title}”的条件，无需申请，请登录平台查看。',
} as const;
export type SmsTemplate = keyof typeof SMS_TEMPLATES;

/** Delivery of one SMS: pending until the gateway answers after the transaction committed. */
export const SMS_STATUS = { pending: '待发送', sent: '已发送', failed: '发送失败' } as const;
export type SmsStatus = keyof typeof SMS_STATUS;
