import type { AppLoadContext } from 'react-router';
import { openBranch, type RegionOption } from './region-options.ts';

/** The picker's first options for a form whose saved address is `path` (unknown codes: just the provinces). */
export function regionOptionsFor(services: AppLoadContext['services'], path: { provinceCode?: string | null; cityCode?: string | null }): RegionOption[] {
  const attempt = <T>(fn: () => T): T | null => {
    try {
      return fn();
    } catch {
      return null;
    }
  };
  const cities = path.provinceCode ? attempt(() => services.region.cities(path.provinceCode!)) : null;
  const counties = cities && path.cityCode ? attempt(() => services.region.counties(path.cityCode!)) : null;
  return openBranch(services.region.provinces(), path, cities, counties);
}
