import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import { pageSchema, pagingSchema } from './paging.ts';

/**
 * 三权分立 between the system side and the audit side (docs/console.md "Roles"): a system
 * administrator must not be able to take over or create an audit account (change its phone, reset
 * its password, give or take the auditor role, create one, disable or enable one) and then read
 * the audit log. Such a change is only requested by the administrator; it takes effect when an
 * auditor confirms it, and a one-time password it makes is shown to that auditor, never to the
 * administrator.
 */
export const STAFF_CHANGE_KINDS = ['create', 'update', 'roles', 'status', 'reset-password'] as const;
export type StaffChangeKind = (typeof STAFF_CHANGE_KINDS)[number];
export const STAFF_CHANGE_KIND_TEXT: Record<StaffChangeKind, string> = {
  create: '新建账号',
  update: '修改手机号',
  roles: '调整角色',
  status: '启用/停用',
  'reset-password': '重置密码',
};

export const STAFF_CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'failed'] as const;
export type StaffChangeStatus = (typeof STAFF_CHANGE_STATUSES)[number];
export const STAFF_CHANGE_STATUS_TEXT: Record<StaffChangeStatus, string> = {
  pending: '待确认',
  approved: '已确认生效',
  rejected: '已驳回',
  failed: '确认时未能生效',
};

/** What the administrator's call answers when the change waits for an auditor. */
export const staffChangePendingSchema = z.object({ pendingChangeId: z.number(), summary: z.string() });
export type StaffChangePending = z.infer<typeof staffChangePendingSchema>;
export const STAFF_CHANGE_PENDING_MESSAGE = '该变更涉及安全审计员账号，已提交安全审计员确认，确认后生效';

export const staffChangeListQuerySchema = pagingSchema.extend({
  status: z.enum(STAFF_CHANGE_STATUSES, { error: '状态不正确' }).nullish().transform((v) => v ?? undefined),
});
export type StaffChangeListQuery = z.output<typeof staffChangeListQuerySchema>;

export const staffChangeRowSchema = z.object({
  id: z.number(),
  kind: z.enum(STAFF_CHANGE_KINDS),
  /** The account changed; null for an account still to be created. */
  staffId: z.number().nullable(),
  loginName: z.string(),
  name: z.string(),
  /** What changes, in a sentence (phones masked: it is also sent as a message). */
  summary: z.string(),
  /** The phone the change sets (creation, new phone), in full: the auditor checks it is the person's. */
  phone: z.string().nullable(),
  status: z.enum(STAFF_CHANGE_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was refused, or why it could not take effect. */
  reason: z.string().nullable(),
});
export type StaffChangeRow = z.infer<typeof staffChangeRowSchema>;
export const staffChangePageSchema = pageSchema(staffChangeRowSchema);

export const staffChangeIdSchema = z.object({ id: recordId('请选择要确认的变更') });
export const staffChangeRejectSchema = z.object({
  id: recordId('请选择要驳回的变更'),
  reason: z.string({ error: '请填写驳回理由' }).trim().min(2, '驳回理由至少 2 个字').max(200, '驳回理由不能超过 200 个字'),
});

/** An approval: the account's id, and the one-time password when the change made one (creation, reset). */
export const staffChangeApprovedSchema = z.object({ id: z.number(), password: z.string().nullable() });
export type StaffChangeApproved = z.infer<typeof staffChangeApprovedSchema>;
