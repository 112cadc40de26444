import { z } from './zod.ts';

/**
 * The field rules of docs/product.md §5, shared by the browser forms and the server routes.
 * Each rule has one message, written here once.
 */
export const PASSWORD_MESSAGE =
  '请输入正确的密码(8-20位，包括至少1个大写字母，1个小写字母，1个数字，1个特殊字符)';

export const patterns = {
  password: /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[-_!@#$%^&*?])\S{8,20}$/,
  mobile: /^1\d{10}$/,
  /** 7-8 digits, optionally a 3-4 digit area code (0 first) and an extension. */
  landline: /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  url: /^(https?|ftp):\/\/[^\s/$.?#].[^\s]*$/i,
} as const;

export const passwordSchema = z.string().regex(patterns.password, PASSWORD_MESSAGE);
export const mobileSchema = z.string().trim().regex(patterns.mobile, '请输入正确的手机号（11位，以1开头）');
export const landlineSchema = z.string().trim().regex(patterns.landline, '请输入正确的固定电话，如 021-12345678');
/** Address-book and contact phones may be either kind. */
export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => patterns.mobile.test(v) || patterns.landline.test(v), '请输入正确的手机号或固定电话');
/**
 * A calendar day as forms send it (YYYY-MM-DD) that exists: 2026-13-45 and 2026-02-30 match the
 * shape but are no day, and would reach the database as an invalid instant. Every day field of
 * the contract is checked through this one schema.
 */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
export const calendarDaySchema = (message: string) => z.string({ error: message }).trim().refine(isCalendarDay, message);
export const emailSchema = z.string().trim().regex(patterns.email, '请输入正确的电子邮箱');
export const urlSchema = z.string().trim().regex(patterns.url, '请输入以 http、https 或 ftp 开头的网址');

/** 统一社会信用代码 check digit, GB 32100-2015. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function usccCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i];
  }
  const c = 31 - (sum % 31);
  return USCC_CHARS[c === 31 ? 0 : c];
}

export function isValidUscc(value: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  return usccCheckChar(value.slice(0, 17)) === value[17];
}

export const usccSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v.length === 18, '统一社会信用代码应为 18 位')
  .refine(isValidUscc, '统一社会信用代码校验位不正确，请核对营业执照');
