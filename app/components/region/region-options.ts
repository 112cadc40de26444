import type { Region } from '#contract/region.ts';

/** A Cascader option of the province/city/county picker; children are loaded when opened. */
export interface RegionOption {
  value: string;
  label: string;
  isLeaf?: boolean;
  children?: RegionOption[];
}

export type RegionLevel = 'province' | 'city' | 'county';

export const toOptions = (list: readonly Region[], level: RegionLevel): RegionOption[] =>
  list.map((r) => ({ value: r.id, label: r.name, isLeaf: level === 'county' }));

/**
 * The provinces, with the branch of the saved address already opened, so that a prefilled or
 * resumed form shows names rather than codes before anything is loaded.
 */
export function openBranch(
  provinces: readonly Region[],
  path: { provinceCode?: string | null; cityCode?: string | null },
  cities: readonly Region[] | null,
  counties: readonly Region[] | null,
): RegionOption[] {
  return toOptions(provinces, 'province').map((p) => {
    if (p.value !== path.provinceCode || !cities) return p;
    return {
      ...p,
      children: toOptions(cities, 'city').map((c) => {
        if (c.value !== path.cityCode || !counties) return c;
        return counties.length ? { ...c, children: toOptions(counties, 'county') } : { ...c, isLeaf: true };
      }),
    };
  });
}

/** The three code fields of an address, which a form holds as one Cascader value (`region`). */
export const REGION_CODE_FIELDS = ['provinceCode', 'cityCode', 'countyCode'] as const;
export type RegionCodeField = (typeof REGION_CODE_FIELDS)[number];

/** The form's three codes as the Cascader's value, and back. */
export const toCascaderValue = (v: { provinceCode?: string | null; cityCode?: string | null; countyCode?: string | null }) =>
  [v.provinceCode, v.cityCode, v.countyCode].filter((c): c is string => !!c);

export const fromCascaderValue = (path: readonly string[] | null | undefined) => ({
  provinceCode: path?.[0] ?? null,
  cityCode: path?.[1] ?? null,
  countyCode: path?.[2] ?? null,
});

/** The names along a value path, as far as the options know them (for the check-your-answers step). */
export function labelsOf(options: readonly RegionOption[], path: readonly string[]): string[] {
  const names: string[] = [];
  let level: readonly RegionOption[] | undefined = options;
  for (const code of path) {
    const hit: RegionOption | undefined = level?.find((o) => o.value === code);
    if (!hit) break;
    names.push(hit.label);
    level = hit.children;
  }
  return names;
}
