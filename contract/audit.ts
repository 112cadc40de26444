import { z } from './zod.ts';
import { pageSchema, pagingSchema } from './paging.ts';

/**
 * The security audit log (console.md "Audit (等保)"): append-only rows for every console write,
 * every login event, every 403 under `/console/api/`, every export and every audit search.
 */
export const AUDIT_RESULTS = ['ok', 'denied', 'failed'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];
export const AUDIT_RESULT_TEXT: Record<AuditResult, string> = { ok: '成功', denied: '无权限', failed: '失败' };

/** Rows are kept at least this long (等保 level 3 asks for 6 months); nothing younger can be deleted. */
export const AUDIT_RETENTION_DAYS = 180;

/** Names of the actions the console writes itself; route actions are `<domain>.<verb>` from the URL. */
export const AUDIT_ACTION_TEXT: Record<string, string> = {
  'staff.login': '工作人员登录',
  'staff.login_failed': '工作人员登录失败',
  'staff.lock': '工作人员账号锁定',
  'staff.logout': '工作人员退出',
  'auth.password': '修改本人密码',
  'staff.create': '新建工作人员',
  'staff.update': '修改工作人员',
  'staff.roles': '调整工作人员角色',
  'staff.status': '启用/停用工作人员',
  'staff.reset-password': '重置工作人员密码',
  'staff.unlock': '解除工作人员锁定',
  'role.save': '保存角色',
  'role.delete': '删除角色',
  'department.save': '保存部门',
  'department.status': '启用/停用部门',
  'audit.search': '查询审计日志',
  'audit.export': '导出审计日志',
  login: '企业用户登录',
  login_failed: '企业用户登录失败',
  lock: '企业用户账号锁定',
  logout: '企业用户退出',
  register: '企业用户注册',
  password_change: '企业用户修改密码',
  password_reset: '企业用户找回密码',
};

/** Object types as the auditor reads them; a domain adds its own line. Unknown ones show as stored. */
export const AUDIT_OBJECT_TEXT: Record<string, string> = {
  staff: '工作人员',
  role: '角色',
  department: '部门',
  audit_log: '审计日志',
  auth: '本人账号',
};

const dateField = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}格式应为 年-月-日`)
    .nullish()
    .transform((v) => v ?? undefined);
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what}不能超过 ${max} 个字符`)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** The auditor's filters: person (login name), action, object, result and a date range (北京时间). */
const auditFilterFields = z.object({
    loginName: optionalText(64, '账号'),
    action: optionalText(60, '操作'),
    objectType: optionalText(40, '对象类型'),
    objectId: optionalText(64, '对象编号'),
    result: z.enum(AUDIT_RESULTS, { error: '结果不正确' }).nullish().transform((v) => v ?? undefined),
    dateFrom: dateField('开始日期'),
    dateTo: dateField('结束日期'),
});
const datesInOrder = (v: { dateFrom?: string; dateTo?: string }) => !v.dateFrom || !v.dateTo || v.dateFrom <= v.dateTo;
const DATES_MESSAGE = { path: ['dateTo'], message: '结束日期不能早于开始日期' };

export const auditFilterSchema = auditFilterFields.refine(datesInOrder, DATES_MESSAGE);
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditListQuerySchema = pagingSchema.extend(auditFilterFields.shape).refine(datesInOrder, DATES_MESSAGE);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  actorType: z.string().nullable(),
  loginName: z.string().nullable(),
  action: z.string(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  result: z.string(),
  ip: z.string(),
  detail: z.string().nullable(),
  /** The request's fields as JSON, secrets masked. */
  changes: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
/** `totalCapped`: more rows match than were counted (10,000); narrow the filters to see them all. */
export const auditPageSchema = pageSchema(auditRowSchema).extend({ totalCapped: z.boolean() });
