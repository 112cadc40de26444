import { z } from './zod.ts';

/** Platform info (docs/product.md §3): clients drop cached dictionaries and menus when cache_version changes. */
export const platformInfoSchema = z.object({
  name: z.string(),
  cache_version: z.string(),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;

/** GET /uaa/api/ua/platform/qr/{index}?v=: a footer QR code by its place in the settings; `v` only busts caches. */
export const qrCodeParamsSchema = z.object({ index: z.coerce.number().int().min(0) });
export const qrCodeQuerySchema = z.object({ v: z.string().max(64).optional() });
