import { z } from './zod.ts';
import { mobileSchema, passwordSchema, PASSWORD_MESSAGE, phoneSchema, usccSchema } from './validators.ts';

/**
 * Accounts, sessions and single sign-on (docs/product.md §3–§5, §7 "Authentication"; docs/api.md "Payloads").
 * The same schemas validate the browser forms and the server routes.
 */

/** A captcha key chosen by the browser (a UUID); anything else is refused. */
export const captchaUuidSchema = z
  .string({ error: '请先获取图形验证码' })
  .trim()
  .regex(/^[A-Za-z0-9-]{8,64}$/, '图形验证码已失效，请点击图片刷新');
export const captchaQuerySchema = z.object({ uuid: captchaUuidSchema });

export const captchaCodeSchema = z
  .string({ error: '请输入图形验证码' })
  .trim()
  .min(1, '请输入图形验证码')
  .max(10, '图形验证码不正确');

export const smsCodeSchema = z
  .string({ error: '请输入短信验证码' })
  .trim()
  .regex(/^\d{6}$/, '请输入 6 位数字短信验证码');

const phoneField = z.string({ error: '请输入手机号' }).pipe(mobileSchema);
const passwordField = z.string({ error: '请输入密码' }).pipe(passwordSchema);

export const SMS_SCENES = ['register', 'reset'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

export const smsRequestSchema = z.object({
  phone: phoneField,
  scene: z.enum(SMS_SCENES, { error: '短信用途不正确' }),
  uuid: captchaUuidSchema,
  code: captchaCodeSchema,
});
export type SmsRequest = z.infer<typeof smsRequestSchema>;

export const PASSWORD_EQUALS_LOGIN_MESSAGE = '密码不能与手机号相同';

const personName = (what: string) =>
  z.string({ error: `请输入${what}` }).trim().min(1, `请输入${what}`).max(50, `${what}不能超过 50 个字`);
const enterpriseName = z
  .string({ error: '请输入企业名称' })
  .trim()
  .min(2, '请输入企业全称')
  .max(100, '企业名称不能超过 100 个字');

export const registrySchema = z
  .object({
    phone: phoneField,
    smsCode: smsCodeSchema,
    password: passwordField,
    enterpriseName,
    uscc: z.string({ error: '请输入统一社会信用代码' }).pipe(usccSchema),
    contactName: personName('联系人姓名'),
  })
  .refine((v) => v.password !== v.phone, { path: ['password'], message: PASSWORD_EQUALS_LOGIN_MESSAGE });
export type RegistryRequest = z.infer<typeof registrySchema>;

export const loginSchema = z.object({
  loginName: z.string({ error: '请输入手机号' }).trim().min(1, '请输入手机号').max(32, '账号或密码错误'),
  // Any stored password is checked as typed: the rule applies when one is chosen, not here.
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '账号或密码错误'),
  uuid: captchaUuidSchema,
  code: captchaCodeSchema,
});
export type LoginRequest = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z
  .object({ phone: phoneField, smsCode: smsCodeSchema, password: passwordField })
  .refine((v) => v.password !== v.phone, { path: ['password'], message: PASSWORD_EQUALS_LOGIN_MESSAGE });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordSchema>;

export const refreshSchema = z
  .object({ refresh_token: z.string().max(200).nullish() })
  .nullish()
  .transform((v) => v ?? {});

export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** `GET /admin/user/loginUser` (docs/api.md): `tel` masked, as everywhere outside the owner's edit form. */
export const loginUserSchema = z.object({
  nickName: z.string(),
  tel: z.string(),
  image: z.string().nullable(),
  loginName: z.string(),
  enterprise: z.object({ id: z.number(), name: z.string(), uscc: z.string() }).nullable(),
});
export type LoginUser = z.infer<typeof loginUserSchema>;

/** Profile edit of the user centre: nickname and avatar (a storage key from the upload call). */
export const profileUpdateSchema = z.object({
  nickName: z.string({ error: '请输入昵称' }).trim().min(1, '请输入昵称').max(20, '昵称不能超过 20 个字'),
  avatar: z.string().trim().max(300, '头像文件标识过长').nullish().transform((v) => v ?? null),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const CONFIRM_MISMATCH_MESSAGE = '两次输入的新密码不一致';

export const changePasswordSchema = z
  .object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(64, '原密码不正确'),
    newPassword: passwordField,
    confirmPassword: z.string({ error: '请再次输入新密码' }).min(1, '请再次输入新密码'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: CONFIRM_MISMATCH_MESSAGE })
  .refine((v) => v.newPassword !== v.oldPassword, { path: ['newPassword'], message: '新密码不能与原密码相同' });
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

const regionCode = (what: string) =>
  z.string({ error: `请选择${what}` }).trim().regex(/^\d{6}$/, `请选择${what}`);

/**
 * The enterprise profile of the user centre, which the declaration and appeal forms prefill from.
 * The USCC can be set once (an SSO account starts without an enterprise); after that it is read-only.
 */
export const enterpriseProfileUpdateSchema = z.object({
  name: enterpriseName,
  uscc: z.string({ error: '请输入统一社会信用代码' }).pipe(usccSchema),
  legalPerson: personName('法定代表人'),
  industry: z.string({ error: '请选择所属行业' }).trim().min(1, '请选择所属行业').max(50),
  scale: z.string({ error: '请选择企业规模' }).trim().min(1, '请选择企业规模').max(50),
  provinceCode: regionCode('省份'),
  cityCode: regionCode('城市'),
  /** Absent only for a city without counties (东莞市). */
  countyCode: regionCode('区县').nullish().transform((v) => v ?? null),
  address: z.string({ error: '请输入详细地址' }).trim().min(2, '请输入详细地址').max(200, '详细地址不能超过 200 个字'),
  contactName: personName('联系人'),
  contactPhone: z.string({ error: '请输入联系电话' }).pipe(phoneSchema),
});
export type EnterpriseProfileUpdate = z.infer<typeof enterpriseProfileUpdateSchema>;

export interface EnterpriseProfile {
  id: number;
  name: string;
  uscc: string;
  legalPerson: string | null;
  industry: string | null;
  scale: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  countyCode: string | null;
  /** "上海市 / 上海市 / 浦东新区", for display; null when no region is set. */
  regionText: string | null;
  address: string | null;
  contactName: string | null;
  contactPhone: string | null;
}

/** An option of the province/city/county picker; a branch's children load when opened. */
export interface RegionChoice {
  value: string;
  label: string;
  isLeaf?: boolean;
  children?: RegionChoice[];
}

/**
 * What the /user loader passes to `<AccountSettings profile={...} />`
 * (`context.services.account.profile(userId)`). `phone` is unmasked: this is the owner's own form.
 */
export interface AccountProfile {
  user: {
    nickName: string;
    phone: string;
    maskedPhone: string;
    avatar: string | null;
    loginName: string;
    /** False for an account made by single sign-on that never set a password. */
    hasPassword: boolean;
    ssoLinked: boolean;
  };
  enterprise: EnterpriseProfile | null;
  /** The choices of the enterprise form: dictionaries, and the provinces with the saved branch opened. */
  choices: {
    industry: { text: string; id: string }[];
    scale: { text: string; id: string }[];
    regions: RegionChoice[];
  };
}

export const ssoAuthorizeQuerySchema = z.object({
  redirectUri: z.string({ error: '缺少回调地址 redirectUri' }).trim().max(500).url('回调地址 redirectUri 须为完整网址'),
});
export const ssoAuthSchema = z.object({
  code: z.string({ error: '统一身份认证返回的授权码缺失' }).trim().min(1).max(2000),
  state: z.string({ error: '统一身份认证返回的状态参数缺失' }).trim().min(1).max(200),
  iss: z.string().trim().max(500).nullish(),
});

/** Shown beside the password field as the user types (docs/product.md §5). */
export const PASSWORD_RULE_TEXT = PASSWORD_MESSAGE;
export const PASSWORD_CHECKS = [
  { label: '8-20 位，不含空格', test: (v: string) => /^\S{8,20}$/.test(v) },
  { label: '至少 1 个大写字母', test: (v: string) => /[A-Z]/.test(v) },
  { label: '至少 1 个小写字母', test: (v: string) => /[a-z]/.test(v) },
  { label: '至少 1 个数字', test: (v: string) => /\d/.test(v) },
  { label: '至少 1 个特殊字符 -_!@#$%^&*?', test: (v: string) => /[-_!@#$%^&*?]/.test(v) },
] as const;

/** Cookie names of docs/product.md §9 (prefix `web_`). */
export const ACCESS_COOKIE = 'web_access_token';
export const REFRESH_COOKIE = 'web_refresh_token';
