import { WORK_ORDER_READERS } from './appeal.console.ts';
import type { Permission } from './permissions.ts';
import { SEARCH_READ_PERMISSIONS } from './search.ts';

/**
 * The staff console's sider menu as data (docs/console.md "Where it lives"). The layout shows an entry
 * only to a person holding its permission (any of them, for an array); the dashboard lists the
 * same entries as its entry points. One line per console page, grouped as the sider shows them.
 */
export interface ConsoleMenuEntry {
  path: string;
  label: string;
  permission: Permission | readonly Permission[];
  group: ConsoleMenuGroup;
}

export const CONSOLE_MENU_GROUPS = ['内容管理', '业务办理', '系统管理', '安全审计'] as const;
export type ConsoleMenuGroup = (typeof CONSOLE_MENU_GROUPS)[number];

export const consoleMenu: readonly ConsoleMenuEntry[] = [
  { path: '/console/notice', label: '通知公告', permission: ['content:notice:edit', 'content:notice:publish'], group: '内容管理' },
  { path: '/console/policy', label: '重点政策', permission: ['content:policy:edit', 'content:policy:publish'], group: '内容管理' },
  { path: '/console/address-book', label: '政务通讯录', permission: 'content:address-book:edit', group: '内容管理' },
  { path: '/console/service-item', label: '服务事项', permission: 'content:service-item:edit', group: '内容管理' },
  { path: '/console/search', label: '站内搜索', permission: SEARCH_READ_PERMISSIONS, group: '内容管理' },
  { path: '/console/freshness', label: '栏目更新监测', permission: 'content:freshness:view', group: '内容管理' },
  { path: '/console/correction', label: '网站纠错', permission: 'content:correction:handle', group: '内容管理' },
  { path: '/console/appeal', label: '诉求工单', permission: WORK_ORDER_READERS, group: '业务办理' },
  { path: '/console/evaluation', label: '差评整改', permission: 'evaluation:follow-up', group: '业务办理' },
  { path: '/console/declare-project', label: '申报项目', permission: 'declare:project:edit', group: '业务办理' },
  { path: '/console/declare', label: '申报审核', permission: 'declare:review', group: '业务办理' },
  { path: '/console/proclamation', label: '公示与异议', permission: 'declare:proclamation:edit', group: '业务办理' },
  { path: '/console/free-project', label: '免申即享项目', permission: 'free-declare:project:edit', group: '业务办理' },
  { path: '/console/free-declare', label: '免申即享名单', permission: ['free-declare:manage', 'free-declare:pay'], group: '业务办理' },
  { path: '/console/free-declare/corrections', label: '信息有误反馈', permission: 'free-declare:manage', group: '业务办理' },
  { path: '/console/enterprises', label: '一企一档', permission: ['declare:review', 'free-declare:manage'], group: '业务办理' },
  { path: '/console/staff', label: '工作人员', permission: 'system:staff:manage', group: '系统管理' },
  { path: '/console/roles', label: '角色权限', permission: 'system:role:manage', group: '系统管理' },
  { path: '/console/departments', label: '部门管理', permission: 'system:department:manage', group: '系统管理' },
  { path: '/console/dict', label: '数据字典', permission: 'system:dict:manage', group: '系统管理' },
  { path: '/console/settings', label: '站点设置', permission: 'system:setting:manage', group: '系统管理' },
  { path: '/console/audit', label: '审计日志', permission: 'audit:log:view', group: '安全审计' },
  // Both sides: auditors confirm what the administrators asked for on audit accounts; administrators follow their requests.
  { path: '/console/staff-changes', label: '账号变更确认', permission: ['audit:staff-change:decide', 'system:staff:manage'], group: '安全审计' },
];

export function mayOpen(held: readonly string[], entry: Pick<ConsoleMenuEntry, 'permission'>): boolean {
  const needed = typeof entry.permission === 'string' ? [entry.permission] : entry.permission;
  return needed.some((p) => held.includes(p));
}

/** The entries a person may open, in menu order. */
export function menuFor(held: readonly string[]): ConsoleMenuEntry[] {
  return consoleMenu.filter((e) => mayOpen(held, e));
}

/**
 * The console pages outside the menu, each under the menu entry it belongs to: with the menu they
 * make every page's breadcrumb (docs/console.md "Where it lives"), matched against the address as
 * app/routes.ts spells the route.
 */
export const CONSOLE_SUBPAGES: readonly { pattern: string; label: string; parent: string | null }[] = [
  { pattern: '/console/password', label: '修改密码', parent: null },
  { pattern: '/console/notice/edit', label: '编辑通知公告', parent: '/console/notice' },
  { pattern: '/console/policy/edit', label: '编辑重点政策', parent: '/console/policy' },
  { pattern: '/console/correction/:id', label: '纠错详情', parent: '/console/correction' },
  { pattern: '/console/free-declare/rows', label: '名单记录', parent: '/console/free-declare' },
  { pattern: '/console/free-declare/import', label: '导入名单', parent: '/console/free-declare' },
  { pattern: '/console/appeal/:id', label: '工单详情', parent: '/console/appeal' },
  { pattern: '/console/declare/:id', label: '申报详情', parent: '/console/declare' },
  { pattern: '/console/proclamation/:id', label: '公示详情', parent: '/console/proclamation' },
  // Before :id, which would take "import" for an id.
  { pattern: '/console/enterprises/import', label: '导入核实数据', parent: '/console/enterprises' },
  { pattern: '/console/enterprises/:id', label: '企业档案', parent: '/console/enterprises' },
];

/** The sider's collapsed state: a cookie the browser sets, read by the layout's loader so the first paint has it. */
export const CONSOLE_SIDER_COOKIE = 'console_sider';

export function siderCollapsedOf(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && /(?:^|;\s*)console_sider=collapsed(?:;|$)/.test(cookieHeader);
}
