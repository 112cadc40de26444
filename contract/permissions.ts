/**
 * The one permission catalogue (`menuPermission` strings, domain.md "People"). Routes declare
 * the permission they need, services re-check it per row, and the console hides what a staff
 * member may not do. Enterprise users hold none of these: their calls are scoped to their own
 * enterprise instead.
 */
export const PERMISSIONS = {
  'content:notice:edit': '编辑通知公告',
  'content:policy:edit': '编辑重点政策',
  'content:address-book:edit': '编辑通讯录',
  'content:service:edit': '编辑服务事项',
  'content:dict:edit': '维护数据字典',
  'appeal:handle': '受理和办理企业诉求',
  'declare:project:edit': '维护申报项目',
  'declare:review': '审核项目申报',
  'declare:proclamation:edit': '发布公示公告',
  'free-declare:manage': '维护免申即享名单',
  'system:staff:manage': '管理工作人员账号与角色',
  'system:audit:view': '查看安全审计日志',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** The staff roles every install starts with (created by migration 0004_auth). */
export const STAFF_ROLES = {
  admin: { name: '管理员', permissions: ALL_PERMISSIONS },
  editor: {
    name: '内容编辑',
    permissions: ['content:notice:edit', 'content:policy:edit', 'content:address-book:edit', 'content:service:edit', 'content:dict:edit'],
  },
  handler: { name: '诉求办理', permissions: ['appeal:handle'] },
  reviewer: {
    name: '项目审核',
    permissions: ['declare:project:edit', 'declare:review', 'declare:proclamation:edit', 'free-declare:manage'],
  },
} as const satisfies Record<string, { name: string; permissions: readonly Permission[] }>;
export type StaffRole = keyof typeof STAFF_ROLES;

export function hasPermission(held: readonly string[], needed: Permission): boolean {
  return held.includes(needed);
}
