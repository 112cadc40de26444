import { z } from './zod.ts';

/**
 * 站点设置: what the pages show of the site itself (header name, footer credits and marks, the two
 * QR codes). The environment gives the first values (README); staff change them in the console
 * (system:setting:manage) and the change shows on every page at once.
 */
const text = (label: string, max: number) => z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过 ${max} 个字`);
const link = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(200, `${label}不能超过 200 个字符`)
    .url(`${label}须为 http:// 或 https:// 开头的完整网址`)
    .refine((u) => /^https?:\/\//.test(u), `${label}须为 http:// 或 https:// 开头的完整网址`);

export const siteSettingsSchema = z.object({
  platformName: text('平台名称', 50),
  /** An optional line under the credits (e.g. 地址与咨询电话); empty shows nothing. */
  footerText: z.string().trim().max(200, '页脚说明不能超过 200 个字').default(''),
  govName: text('主办单位', 50),
  govUrl: link('主办单位网址'),
  support: text('承办单位', 50),
  builder: text('建设单位', 50),
  icp: text('ICP 备案号', 50),
  psb: text('公安备案号', 50),
  govCode: z.string({ error: '请输入网站标识码' }).trim().regex(/^[0-9A-Za-z]{6,20}$/, '网站标识码须为 6 至 20 位数字或字母'),
  /** The national 我为政府网站找错 platform; the footer's badge links to it with the 网站标识码. */
  errorReportUrl: link('找错平台网址'),
  qrCodes: z
    .array(z.object({ label: text('二维码名称', 20), url: link('二维码指向的网址') }), { error: '请填写两个二维码' })
    .length(2, '请填写两个二维码'),
});
export type SiteSettings = z.output<typeof siteSettingsSchema>;

/** The settings' keys in the `setting` table: one row each, `site.` before the field. */
export const SITE_SETTING_FIELDS = ['platformName', 'footerText', 'govName', 'govUrl', 'support', 'builder', 'icp', 'psb', 'govCode', 'errorReportUrl'] as const;

/** The 找错 badge's target: the national platform, told which site the visitor comes from (its 网站标识码). */
export function errorReportLink(site: Pick<SiteSettings, 'errorReportUrl' | 'govCode'>): string {
  const url = new URL(site.errorReportUrl);
  url.searchParams.set('site_code', site.govCode);
  return url.toString();
}
