/**
 * The demo enterprise account (docs/domain.md "Demo data"): the README prints these credentials, the
 * seeds give this enterprise appeals, declarations and 免申即享 rows, and tests may log in with it.
 * The USCC's check digit is valid (GB 32100-2015; contract/validators.ts usccCheckChar).
 */
export const DEMO_ENTERPRISE = {
  name: '示范科技（上海）有限公司',
  uscc: '91310115MA1K48RD07',
  phone: '13800138000',
  password: 'Demo#2026',
  contactName: '陈思远',
} as const;

/** The demo staff accounts, one per role (docs/console.md "Identity"); the README lists them. */
export const DEMO_STAFF_PASSWORD = 'Staff#2026';
export const DEMO_STAFF_DEPARTMENT = '企业服务科';
export const DEMO_STAFF = [
  { loginName: 'admin', name: '李卫东', role: 'sysadmin', phone: '13800138001' },
  { loginName: 'auditor', name: '王静', role: 'auditor', phone: '13800138002' },
  { loginName: 'editor', name: '陈晓', role: 'editor', phone: '13800138003' },
  { loginName: 'publisher', name: '刘敏', role: 'publisher', phone: '13800138004' },
  { loginName: 'dispatcher', name: '赵强', role: 'dispatcher', phone: '13800138005' },
  { loginName: 'handler', name: '孙丽', role: 'handler', phone: '13800138006' },
  { loginName: 'reviewer', name: '周涛', role: 'reviewer', phone: '13800138007' },
  { loginName: 'payer', name: '吴芳', role: 'payer', phone: '13800138008' },
] as const;
