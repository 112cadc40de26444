import { z } from './zod.ts';
import { cappedPageSchema, pagingSchema } from './paging.ts';
import { sortShape } from './list-sort.ts';
import { calendarDaySchema } from './validators.ts';

/**
 * The security audit log (docs/console.md "Audit (等保)"): append-only rows for every console write,
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
  'staff-change.request': '申请变更安全审计员账号',
  'staff-change.approve': '确认安全审计员账号变更',
  'staff-change.reject': '驳回安全审计员账号变更',
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
  sso_login: '企业用户统一身份认证登录',
  sso_link: '企业用户绑定统一身份认证',
  sso_register: '企业用户经统一身份认证注册',
  refresh_reuse: '企业用户登录凭证被重复使用',
  // Console calls (a refused read is audited too, so reads have names as well).
  'role.list': '查看角色',
  'staff.pages': '查询工作人员',
  'staff.detail': '查看工作人员',
  'department.list': '查看部门',
  'dict.options': '查看数据字典',
  'dict.save': '保存数据字典',
  'dict.types': '查看字典列表',
  'dict.enable': '启用字典选项',
  'dict.disable': '停用字典选项',
  'dict.sort': '调整字典选项排序',
  'setting.site': '查看平台设置',
  'setting.site.save': '保存平台设置',
  'setting.deadlines': '查看办理时限',
  'setting.deadlines.save': '保存办理时限',
  'setting.freshness': '查看栏目更新时限',
  'setting.freshness.save': '保存栏目更新时限',
  'content.freshness': '查看栏目更新监测',
  'correction.pages': '查看网站纠错列表',
  'correction.detail': '查看网站纠错',
  'correction.answer': '答复网站纠错',
  'search.synonyms': '查看搜索同义词',
  'search.synonym.save': '保存搜索同义词',
  'search.synonym.delete': '删除搜索同义词',
  'search.stats': '查看搜索统计',
  'enterprise.pages': '查看企业档案列表',
  'enterprise.import.preview': '预览导入企业画像核实数据',
  'enterprise.import.commit': '导入企业画像核实数据',
  'enterprise.import.errors': '下载核实数据导入的问题行',
  'enterprise.import.template': '下载企业画像核实数据模板',
  'enterprise.detail': '查看一家企业的档案',
  'match.preview': '预览政策匹配企业数',
  'phrase.list': '查看常用语',
  'phrase.save': '保存常用语',
  'phrase.delete': '删除常用语',
  'match.pushes': '查看政策推送记录',
  'staff-message.read': '阅读站内消息',
  'staff-message.sms.choose': '设置站内消息短信提醒',
  'staff-preference.table.save': '保存本人列表设置',
  'files.upload': '上传文件',
  'address-book.pages': '查询通讯录',
  'address-book.save': '保存通讯录条目',
  'address-book.enable': '启用通讯录条目',
  'address-book.disable': '停用通讯录条目',
  'address-book.sort': '调整通讯录排序',
  'service-item.pages': '查询服务事项',
  'service-item.save': '保存服务事项',
  'service-item.enable': '启用服务事项',
  'service-item.disable': '停用服务事项',
  'service-item.sort': '调整服务事项排序',
  'declare-project.pages': '查询申报项目',
  'declare-project.save': '保存申报项目',
  'declare-project.enable': '发布申报项目',
  'declare-project.disable': '下线申报项目',
  'free-project.pages': '查询免申即享项目',
  'free-project.save': '保存免申即享项目',
  'free-project.publish': '发布免申即享项目',
  'free-project.close': '结束免申即享项目',
  'notice.pages': '查询通知公告',
  'notice.next': '打开下一条通知公告',
  'notice.review': '审核时查看通知公告成稿与修改对比',
  'notice.detail': '查看通知公告',
  'notice.preview': '预览通知公告',
  'notice.save': '保存通知公告草稿',
  'notice.submit': '提交通知公告审核',
  'notice.publish': '发布通知公告',
  'notice.reject': '退回通知公告',
  'notice.offline': '下线通知公告',
  'policy.pages': '查询政策',
  'policy.next': '打开下一条政策',
  'policy.review': '审核时查看政策成稿与修改对比',
  'policy.detail': '查看政策',
  'policy.preview': '预览政策',
  'policy.save': '保存政策草稿',
  'policy.submit': '提交政策审核',
  'policy.publish': '发布政策',
  'policy.reject': '退回政策',
  'policy.offline': '下线政策',
  'appeal.pages': '查询诉求工单',
  'appeal.next': '打开下一件诉求工单',
  'appeal.detail': '查看诉求工单',
  'appeal.file': '查看诉求附件',
  'appeal.upload': '上传诉求答复附件',
  'appeal.accept': '受理诉求',
  'appeal.reject': '不予受理诉求',
  'appeal.assign': '转办诉求',
  'appeal.batch': '批量受理或转办诉求',
  'appeal.sign': '签收诉求',
  'appeal.extend': '申请诉求延期',
  'appeal.extend-decide': '审批诉求延期',
  'appeal.urge': '督办诉求',
  'appeal.note': '添加诉求内部备注',
  'appeal.reply': '答复办结诉求',
  'appeal.revisit': '回访诉求',
  'appeal.unpublish': '诉求不予公开',
  'evaluation.pages': '查询差评整改',
  'evaluation.verify': '核实差评',
  'evaluation.feedback': '反馈差评整改结果',
  'declare-ent.projects': '查看申报项目审核概况',
  'declare-ent.pages': '查询申报',
  'declare-ent.next': '打开下一件申报',
  'declare-ent.detail': '查看申报',
  'declare-ent.file': '查看申报材料',
  'declare-ent.review': '审核申报',
  'declare-ent.export': '导出申报汇总',
  'proclamation.pages': '查询公示',
  'proclamation.detail': '查看公示',
  'proclamation.next': '打开下一条公示',
  'proclamation.generate': '生成公示',
  'proclamation.publish': '发布公示',
  'proclamation.conclude': '结束公示',
  'proclamation.revoke': '撤销公示',
  'proclamation.objection.pages': '查询公示异议',
  'proclamation.objection.file': '查看异议附件',
  'proclamation.objection.answer': '答复公示异议',
  'free-declare.projects': '查看免申即享项目',
  'free-declare.pages': '查询免申即享名单',
  'free-declare.detail': '查看免申即享名单记录',
  'free-declare.import.template': '下载免申即享名单模板',
  'free-declare.import.preview': '预览导入免申即享名单',
  'free-declare.import.commit': '导入免申即享名单',
  'free-declare.import.errors': '下载名单导入的问题行',
  'free-declare.import.generate': '按匹配条件生成免申即享名单',
  'free-declare.amend': '修改免申即享名单记录',
  'free-declare.cancel': '取消免申即享名单记录',
  'free-declare.return': '退回企业修改收款信息',
  'free-declare.pay': '标记免申即享已兑付',
  'free-declare.correction.pages': '查询免申即享信息有误反馈',
  'free-declare.correction.answer': '答复免申即享信息有误反馈',
};

/** Object types as the auditor reads them; a domain adds its own line. Unknown ones show as stored. */
export const AUDIT_OBJECT_TEXT: Record<string, string> = {
  staff: '工作人员',
  staff_change: '安全审计员账号变更',
  role: '角色',
  department: '部门',
  audit_log: '审计日志',
  auth: '本人账号',
  dict: '数据字典',
  setting: '平台设置',
  file: '文件',
  'address-book': '通讯录',
  'service-item': '服务事项',
  'declare-project': '申报项目',
  'free-project': '免申即享项目',
  notice: '通知公告',
  policy: '政策',
  appeal: '诉求工单',
  appeal_follow_up: '差评整改',
  evaluation: '差评整改',
  'declare-ent': '申报',
  declare_ent: '申报',
  declare_project: '申报项目',
  proclamation: '公示',
  proclamation_objection: '公示异议',
  'free-declare': '免申即享名单',
  free_declare_ent: '免申即享名单记录',
  free_declare_import: '免申即享名单导入',
  free_declare_correction: '免申即享信息有误反馈',
  free_project: '免申即享项目',
  content: '栏目更新监测',
  correction: '网站纠错',
  correction_report: '网站纠错',
  search: '站内搜索',
  enterprise: '企业档案',
  enterprise_profile_import: '企业画像核实数据导入',
  match: '政策匹配',
  phrase: '常用语',
  'staff-message': '站内消息',
};

const dateField = (what: string) =>
  calendarDaySchema(`${what}不是有效的日期，应为 年-月-日，如 2026-01-05`)
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

/** The audit log sorts by its time only (docs/console.md "Tables"); none: newest first. */
export const AUDIT_SORT_KEYS = ['at'] as const;

export const auditListQuerySchema = pagingSchema.extend(auditFilterFields.shape).extend(sortShape(AUDIT_SORT_KEYS)).refine(datesInOrder, DATES_MESSAGE);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  actorType: z.string().nullable(),
  loginName: z.string().nullable(),
  /** The staff member's name for a staff row (null for enterprise users and unknown accounts). */
  staffName: z.string().nullable().optional(),
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
export const auditPageSchema = cappedPageSchema(auditRowSchema);
