import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import { BUREAU } from './format.ts';
import { captchaCodeSchema, captchaUuidSchema, CONFIRM_MISMATCH_MESSAGE, smsCodeSchema } from './account.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';
import { sortShape } from './list-sort.ts';
import { ALL_PERMISSIONS, type Permission, type RoleKind } from './permissions.ts';
import { mobileSchema, passwordSchema } from './validators.ts';

/**
 * The staff console's identity, accounts, roles and departments (docs/console.md "Identity", "Roles").
 * The same schemas validate the console's forms and the `/console/api/` routes.
 */

/** Cookies of a staff session: path `/console` only, so the enterprise pages never carry them. */
export const CONSOLE_ACCESS_COOKIE = 'console_access_token';
export const CONSOLE_REFRESH_COOKIE = 'console_refresh_token';
export const CONSOLE_COOKIE_PATH = '/console';

/**
 * Who is acting in the console, read from the database on every request (a revoked role takes
 * effect on the next request). `roles` are role codes: the built-in ones of STAFF_ROLES or ones a
 * system administrator added.
 */
export interface StaffActor {
  id: number;
  loginName: string;
  name: string;
  departmentId: number | null;
  /** The department's name, for the office a step is signed with (officeOf). */
  departmentName?: string | null;
  roles: string[];
  permissions: Permission[];
}

// ---- Sign-in ----------------------------------------------------------------------------------

export const consoleLoginSchema = z.object({
  loginName: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(50, '账号或密码错误'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '账号或密码错误'),
  uuid: captchaUuidSchema,
  code: captchaCodeSchema,
});
export type ConsoleLoginRequest = z.infer<typeof consoleLoginSchema>;

/** The first factor passed: an SMS code went to the staff phone; the ticket names this attempt. */
export const consoleLoginReplySchema = z.object({ mfa: z.literal('sms'), ticket: z.string(), phone: z.string() });
export type ConsoleLoginReply = z.infer<typeof consoleLoginReplySchema>;

export const consoleVerifySchema = z.object({
  ticket: z.string({ error: '登录步骤已失效，请重新输入账号和密码' }).trim().min(16, '登录步骤已失效，请重新输入账号和密码').max(100, '登录步骤已失效，请重新输入账号和密码'),
  smsCode: smsCodeSchema,
});
export type ConsoleVerifyRequest = z.infer<typeof consoleVerifySchema>;

export const consoleRefreshSchema = z
  .object({ refresh_token: z.string().max(200).nullish() })
  .nullish()
  .transform((v) => v ?? {});

export const consoleTokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

export const consoleMeSchema = z.object({
  id: z.number(),
  loginName: z.string(),
  name: z.string(),
  department: z.object({ id: z.number(), name: z.string() }).nullable(),
  roles: z.array(z.string()),
  roleNames: z.array(z.string()),
  permissions: z.array(z.string()),
  /** First sign-in or after a reset: nothing but the password change is open until it is done. */
  mustChangePassword: z.boolean(),
  /** The minutes without a request after which the session ends. */
  idleMinutes: z.number(),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

const newPasswordField = z.string({ error: '请输入新密码' }).pipe(passwordSchema);

export const consolePasswordSchema = z
  .object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(64, '原密码不正确'),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: '请再次输入新密码' }).min(1, '请再次输入新密码'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: CONFIRM_MISMATCH_MESSAGE })
  .refine((v) => v.newPassword !== v.oldPassword, { path: ['newPassword'], message: '新密码不能与原密码相同' });
export type ConsolePasswordRequest = z.infer<typeof consolePasswordSchema>;

// ---- Staff accounts ---------------------------------------------------------------------------

export const STAFF_STATUSES = ['active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_STATUS_TEXT: Record<StaffStatus, string> = { active: '启用', disabled: '停用' };

/** Login names: letters, digits, `.`, `_`, `-`; they appear in the audit log for years. */
export const loginNameSchema = z
  .string({ error: '请输入登录账号' })
  .trim()
  .min(3, '登录账号至少 3 个字符')
  .max(32, '登录账号不能超过 32 个字符')
  .regex(/^[A-Za-z][A-Za-z0-9._-]*$/, '登录账号以字母开头，只能包含字母、数字、点、下划线和短横线');

const staffName = z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(50, '姓名不能超过 50 个字');
const staffPhone = z.string({ error: '请输入手机号' }).pipe(mobileSchema);
const idField = (what: string) => recordId(`请选择${what}`);
const optionalDepartment = idField('部门').nullish().transform((v) => v ?? null);
const roleCodes = z
  .array(z.string().trim().min(1).max(30), { error: '请选择角色' })
  .min(1, '请至少选择一个角色')
  .max(10, '角色过多');

export const staffCreateSchema = z.object({
  loginName: loginNameSchema,
  name: staffName,
  phone: staffPhone,
  departmentId: optionalDepartment,
  roles: roleCodes,
});
export type StaffCreate = z.infer<typeof staffCreateSchema>;

export const staffUpdateSchema = z.object({
  id: idField('工作人员'),
  name: staffName,
  phone: staffPhone,
  departmentId: optionalDepartment,
});
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

export const staffRolesSchema = z.object({ id: idField('工作人员'), roles: roleCodes });
export type StaffRolesRequest = z.infer<typeof staffRolesSchema>;

export const staffIdSchema = z.object({ id: idField('工作人员') });

export const staffStatusSchema = z.object({
  id: idField('工作人员'),
  status: z.enum(STAFF_STATUSES, { error: '请选择启用或停用' }),
});

/** The staff list's sortable columns (docs/console.md "Tables"); none: in the order they were created. */
export const STAFF_SORT_KEYS = ['loginName', 'name', 'lastLoginAt'] as const;

export const staffListQuerySchema = pagingSchema.extend({
  keyword: keywordSchema,
  status: z.enum(STAFF_STATUSES, { error: '状态不正确' }).nullish().transform((v) => v ?? undefined),
  departmentId: idField('部门').nullish().transform((v) => v ?? undefined),
  role: z.string().trim().max(30).nullish().transform((v) => v || undefined),
  ...sortShape(STAFF_SORT_KEYS),
});
export type StaffListQuery = z.output<typeof staffListQuerySchema>;

export const staffRowSchema = z.object({
  id: z.number(),
  loginName: z.string(),
  name: z.string(),
  /** Masked (138****0000): the full number is shown only in the edit form. */
  phone: z.string(),
  department: z.object({ id: z.number(), name: z.string() }).nullable(),
  roles: z.array(z.object({ code: z.string(), name: z.string(), kind: z.string() })),
  status: z.enum(STAFF_STATUSES),
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;
export const staffPageSchema = pageSchema(staffRowSchema);

/** The edit form's values (the one place with the full phone number). */
export const staffDetailSchema = staffRowSchema.extend({ phone: z.string(), departmentId: z.number().nullable() });
export type StaffDetail = z.infer<typeof staffDetailSchema>;

/** A new account or a reset: the one-time password, shown once to the administrator. */
export const oneTimePasswordSchema = z.object({ id: z.number(), password: z.string() });

// ---- Roles ------------------------------------------------------------------------------------

export const ROLE_KIND_TEXT: Record<RoleKind, string> = { system: '系统管理类', audit: '安全审计类', business: '业务类' };

const permissionList = z
  .array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]], { error: '权限不在权限目录中' }), { error: '请选择权限' })
  .min(1, '请至少选择一项权限');

export const roleSaveSchema = z.object({
  id: idField('角色').nullish().transform((v) => v ?? null),
  code: z
    .string({ error: '请输入角色编码' })
    .trim()
    .min(2, '角色编码至少 2 个字符')
    .max(30, '角色编码不能超过 30 个字符')
    .regex(/^[a-z][a-z0-9-]*$/, '角色编码以小写字母开头，只能包含小写字母、数字和短横线'),
  name: z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(50, '角色名称不能超过 50 个字'),
  permissions: permissionList,
});
export type RoleSave = z.infer<typeof roleSaveSchema>;

export const roleRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['system', 'audit', 'business']),
  builtin: z.boolean(),
  permissions: z.array(z.string()),
  staffCount: z.number(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;

export const roleIdSchema = z.object({ id: idField('角色') });

// ---- Departments ------------------------------------------------------------------------------

export const departmentSaveSchema = z.object({
  id: idField('部门').nullish().transform((v) => v ?? null),
  name: z.string({ error: '请输入部门名称' }).trim().min(2, '部门名称至少 2 个字').max(50, '部门名称不能超过 50 个字'),
  sort: z.coerce.number({ error: '排序须为数字' }).int('排序须为整数').min(0, '排序不能小于 0').max(9999, '排序不能大于 9999').default(0),
});
export type DepartmentSave = z.infer<typeof departmentSaveSchema>;

export const departmentStatusSchema = z.object({
  id: idField('部门'),
  status: z.enum(STAFF_STATUSES, { error: '请选择启用或停用' }),
});

export const departmentRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  status: z.enum(STAFF_STATUSES),
  staffCount: z.number(),
});
export type DepartmentRow = z.infer<typeof departmentRowSchema>;

/** Options for pickers (departments and roles) in the console's forms. */
export const optionSchema = z.object({ value: z.number(), label: z.string() });

/**
 * Pages and calls of the console: `/console` and everything below it, and `/console.data` (React
 * Router's data request for the console's index page; the browser sends the path-/console cookies
 * with it too, since cookie paths match by prefix).
 */
export const isConsolePath = (path: string) => path === CONSOLE_COOKIE_PATH || path === `${CONSOLE_COOKIE_PATH}.data` || path.startsWith(`${CONSOLE_COOKIE_PATH}/`);
export const CONSOLE_API_PREFIX = '/console/api/';

/**
 * Who acted, as an enterprise reads it in a timeline (docs/console.md "Workflows"): the bureau and
 * the staff member's department, 企业服务局·企业服务科, never the person. Staff pages add the name.
 * An account without a department signs as the bureau.
 */
export function officeOf(staff: { departmentName?: string | null }): string {
  return staff.departmentName ? `${BUREAU}·${staff.departmentName}` : BUREAU;
}
