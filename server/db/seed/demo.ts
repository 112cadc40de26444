/**
 * The demo enterprise account (domain.md "Demo data"): the README prints these credentials, the
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
