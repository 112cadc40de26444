/**
 * The one permission catalogue of the staff console (docs/console.md "Roles"). Routes under
 * `/console/api/` declare the permission they need, services re-check row scope, and the
 * console's menu and buttons show only what a staff member may do. Enterprise users hold none
 * of these: their calls are scoped to their own enterprise instead.
 */
export const PERMISSIONS = {
  // 系统管理 (sysadmin)
  'system:staff:manage': '管理工作人员账号',
  'system:role:manage': '管理角色与权限',
  'system:department:manage': '管理部门',
  'system:dict:manage': '维护数据字典',
  'system:setting:manage': '维护平台设置',
  // 安全审计 (auditor)
  'audit:log:view': '查看安全审计日志',
  'audit:log:export': '导出安全审计日志',
  'audit:stats:view': '查看访问统计',
  'audit:staff-change:decide': '确认或驳回系统管理员对安全审计员账号的变更',
  // 内容 (editor, publisher)
  'content:notice:edit': '编辑通知公告',
  'content:notice:publish': '审核发布通知公告',
  'content:policy:edit': '编辑重点政策',
  'content:policy:publish': '审核发布重点政策',
  'content:address-book:edit': '编辑政务通讯录',
  'content:service-item:edit': '编辑服务事项',
  'content:freshness:view': '查看栏目更新监测',
  'content:correction:handle': '答复网站纠错',
  // 诉求 (dispatcher, handler)
  'appeal:dispatch': '受理、分办、督办诉求',
  'appeal:handle': '签收和办理本部门诉求',
  'evaluation:follow-up': '回访与差评整改',
  // 申报与免申即享 (reviewer, payer)
  'declare:project:edit': '维护申报项目',
  'declare:review': '审核项目申报',
  'declare:proclamation:edit': '发布公示与答复异议',
  'free-declare:project:edit': '维护免申即享项目',
  'free-declare:manage': '导入与维护免申即享名单',
  'free-declare:pay': '登记免申即享兑付',
  // 常用语 (docs/console.md "常用语")
  'phrase:department:edit': '维护本部门共用常用语',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/**
 * 三权分立: every role is of one kind, and an account holds roles of one kind only. System
 * administrators see no business record and no audit log; auditors see only the audit log and
 * statistics.
 */
export type RoleKind = 'system' | 'audit' | 'business';

export const PERMISSION_KIND: Record<Permission, RoleKind> = Object.fromEntries(
  ALL_PERMISSIONS.map((p) => [p, p.startsWith('system:') ? 'system' : p.startsWith('audit:') ? 'audit' : 'business']),
) as Record<Permission, RoleKind>;

/** The roles every install starts with (docs/console.md). Staff may add business roles of their own. */
export const STAFF_ROLES = {
  sysadmin: {
    name: '系统管理员',
    kind: 'system',
    permissions: ['system:staff:manage', 'system:role:manage', 'system:department:manage', 'system:dict:manage', 'system:setting:manage'],
  },
  auditor: { name: '安全审计员', kind: 'audit', permissions: ['audit:log:view', 'audit:log:export', 'audit:stats:view', 'audit:staff-change:decide'] },
  editor: {
    name: '内容编辑',
    kind: 'business',
    permissions: ['content:notice:edit', 'content:policy:edit', 'content:address-book:edit', 'content:service-item:edit', 'content:freshness:view', 'content:correction:handle'],
  },
  publisher: { name: '内容审核', kind: 'business', permissions: ['content:notice:publish', 'content:policy:publish', 'content:freshness:view', 'phrase:department:edit'] },
  dispatcher: { name: '诉求受理员', kind: 'business', permissions: ['appeal:dispatch', 'evaluation:follow-up', 'phrase:department:edit'] },
  handler: { name: '部门办理人', kind: 'business', permissions: ['appeal:handle'] },
  reviewer: {
    name: '申报审核员',
    kind: 'business',
    permissions: ['declare:project:edit', 'declare:review', 'declare:proclamation:edit', 'free-declare:project:edit', 'free-declare:manage', 'phrase:department:edit'],
  },
  payer: { name: '兑付经办', kind: 'business', permissions: ['free-declare:pay'] },
} as const satisfies Record<string, { name: string; kind: RoleKind; permissions: readonly Permission[] }>;
export type StaffRole = keyof typeof STAFF_ROLES;
