import { z } from './zod.ts';

/** Platform info (spec §3): clients drop cached dictionaries and menus when cache_version changes. */
export const platformInfoSchema = z.object({
  name: z.string(),
  cache_version: z.string(),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;
