import { z } from './zod.ts';

/** China's administrative divisions: ids are the 6-digit GB/T 2260 codes. */
export const regionSchema = z.object({ id: z.string(), name: z.string() });
export type Region = z.infer<typeof regionSchema>;
export const regionListSchema = z.array(regionSchema);

export interface CityNode extends Region {
  children: Region[];
}
export interface ProvinceNode extends Region {
  children: CityNode[];
}

/** The whole tree: province → city → county. A city without counties (东莞市) has `children: []`. */
export const regionTreeSchema = z.array(
  regionSchema.extend({ children: z.array(regionSchema.extend({ children: z.array(regionSchema) })) }),
);

/** The path param of the region calls: anything else is a 404. */
export const regionIdParamsSchema = z.object({ id: z.string().max(20) });
