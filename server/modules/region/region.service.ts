import type { ProvinceNode, Region } from '#contract/region.ts';
import { notFound } from '#server/platform/http/errors.ts';
import { loadRegionData, type RegionData } from './region.data.ts';

const CODE = /^\d{6}$/;

/** The divisions change once a year with the package: read them once, on first use. */
export function createRegionService() {
  let data: RegionData | null = null;
  const get = () => (data ??= loadRegionData());

  function childrenOf(map: 'cities' | 'counties', id: string, what: string): Region[] {
    const list = CODE.test(id) ? get()[map].get(id) : undefined;
    if (!list) throw notFound(`未找到编码为「${id.slice(0, 20)}」的${what}，请检查行政区划代码`);
    return list;
  }

  return {
    provinces: (): Region[] => get().provinces,
    /** Cities of a province; an unknown or malformed code is a 404. */
    cities: (provinceId: string): Region[] => childrenOf('cities', provinceId, '省份'),
    /** Counties of a city (a municipality's city is its xx0100 code); unknown or malformed: 404. */
    counties: (cityId: string): Region[] => childrenOf('counties', cityId, '城市'),
    tree: (): ProvinceNode[] => get().tree,
    nameOf: (code: string | null | undefined): string | null => (code ? (get().names.get(code) ?? null) : null),

    /** True when the codes are a province, one of its cities and one of that city's counties (when it has any). */
    isPath(provinceCode: string, cityCode: string, countyCode?: string | null): boolean {
      const d = get();
      const city = d.cities.get(provinceCode)?.find((c) => c.id === cityCode);
      if (!city) return d.cities.get(provinceCode)?.length === 0 && !cityCode && !countyCode;
      const counties = d.counties.get(city.id) ?? [];
      return counties.length ? counties.some((c) => c.id === countyCode) : !countyCode;
    },

    /** "上海市浦东新区", "广东省东莞市": the names of a path, a municipality's name once. */
    pathName(...codes: (string | null | undefined)[]): string {
      const names = codes.map((c) => (c ? get().names.get(c) : undefined)).filter((n): n is string => !!n);
      return names.filter((n, i) => n !== names[i - 1]).join('');
    },
  };
}

export type RegionService = ReturnType<typeof createRegionService>;
