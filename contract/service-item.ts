import { z } from './zod.ts';

/**
 * 服务事项: the home page's quick links. `icon` is a short key (policy, appeal, customs...) that
 * the page maps to an inline SVG; `url` is a site path or an external address.
 */
export const SERVICE_ICONS = ['company', 'declare', 'policy', 'appeal', 'customs', 'talent', 'finance', 'tax', 'land', 'consult'] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

export const serviceItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  url: z.string(),
  description: z.string().nullable(),
});
export type ServiceItem = z.infer<typeof serviceItemSchema>;
export const serviceItemListSchema = z.array(serviceItemSchema);
