import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';
import { enabledFilterSchema, sortField } from './console-list.ts';

/**
 * 服务事项: the home page's quick links. `icon` is a short key (policy, appeal, customs...) that
 * the page maps to an inline SVG; `url` is a site path or an external address.
 */
export const SERVICE_ICONS = ['company', 'declare', 'policy', 'appeal', 'customs', 'talent', 'finance', 'tax', 'land', 'consult'] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

/** What each icon shows, for the console's select. */
export const SERVICE_ICON_LABELS: Record<ServiceIcon, string> = {
  company: '企业开办',
  declare: '项目申报',
  policy: '政策',
  appeal: '诉求',
  customs: '通关',
  talent: '人才',
  finance: '金融',
  tax: '税务',
  land: '用地',
  consult: '咨询',
};

export const serviceItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  url: z.string(),
  description: z.string().nullable(),
});
export type ServiceItem = z.infer<typeof serviceItemSchema>;
export const serviceItemListSchema = z.array(serviceItemSchema);

/** A site path (`/declare`) or a full https address; nothing else may sit behind a home-page link. */
const SERVICE_URL = /^(\/(?!\/)[\w\-./?=&%#]*|https:\/\/[^\s<>"']+)$/;

/** POST /console/api/service-item/save: a new item without id, a change with it. */
export const serviceItemSaveSchema = z.object({
  id: recordId('请选择一条记录').nullish().transform((v) => v ?? null),
  name: z.string({ error: '请输入事项名称' }).trim().min(1, '请输入事项名称').max(20, '事项名称不能超过 20 个字'),
  icon: z.enum(SERVICE_ICONS, { error: '请选择图标' }),
  url: z
    .string({ error: '请输入链接地址' })
    .trim()
    .min(1, '请输入链接地址')
    .max(300, '链接地址不能超过 300 个字符')
    .regex(SERVICE_URL, '链接须为本站路径（以 / 开头）或 https:// 开头的网址'),
  description: z.string().trim().max(100, '说明不能超过 100 个字').nullish().transform((v) => v || null),
  sort: sortField.default(0),
});
export type ServiceItemSave = z.output<typeof serviceItemSaveSchema>;

export const serviceItemConsoleQuerySchema = pagingSchema.extend({ keyword: keywordSchema, status: enabledFilterSchema });
export type ServiceItemConsoleQuery = z.output<typeof serviceItemConsoleQuerySchema>;

export const serviceItemConsoleRowSchema = serviceItemSchema.extend({ sort: z.number().int(), enabled: z.boolean(), updatedAt: z.string() });
export type ServiceItemConsoleRow = z.infer<typeof serviceItemConsoleRowSchema>;
export const serviceItemConsolePageSchema = pageSchema(serviceItemConsoleRowSchema);
