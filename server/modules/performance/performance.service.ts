import { SHANGHAI_OFFSET_MS } from '#contract/format.ts';
import { BUREAU_DIRECT, PERFORMANCE_MONTHS, ratio, type Performance, type PerformanceFigures } from '#contract/performance.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './performance.repository.ts';

/** The figures aggregate a year of appeals; anyone may ask, so one computation serves a minute. */
const FIGURES_TTL_MS = 60_000;

/** The last 12 calendar months in Beijing time, this one included: each month's first moment as a UTC ISO string. */
export function performanceWindow(now: Date): repo.Window & { from: string; to: string; months: string[] } {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const starts = Array.from(
    { length: PERFORMANCE_MONTHS },
    (_, i) => new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - (PERFORMANCE_MONTHS - 1) + i, 1)),
  );
  return {
    monthStarts: starts.map((d) => new Date(d.getTime() - SHANGHAI_OFFSET_MS).toISOString()),
    months: starts.map((d) => d.toISOString().slice(0, 7)),
    from: starts[0].toISOString().slice(0, 10),
    to: local.toISOString().slice(0, 10),
    now: now.toISOString(),
  };
}

function add(into: repo.Sums, b: repo.Sums): repo.Sums {
  const out = { ...into };
  for (const k of Object.keys(repo.NO_SUMS) as (keyof repo.Sums)[]) out[k] += b[k];
  return out;
}

function figures(s: repo.Sums): PerformanceFigures {
  return {
    received: s.received,
    acceptedOnTime: ratio(s.acceptOnTime, s.acceptDue),
    resolvedOnTime: ratio(s.resolveOnTime, s.resolveDue),
    satisfaction: ratio(s.satisfied, s.rated),
    rectified: ratio(s.rectified, s.badDue),
  };
}

/**
 * 办件绩效 (docs/console.md "Public accountability"): received, accepted on time, answered on time,
 * satisfaction and 差评 rectification, overall, per department and per month, computed from the
 * appeals, their timelines and follow-ups. Appeals go to the department last assigned to them;
 * those the bureau answered itself form a row of their own.
 */
export function createPerformanceService({ db }: Deps) {
  const cache = new ListCache(1, FIGURES_TTL_MS);

  async function compute(): Promise<Performance> {
    const now = new Date();
    const w = performanceWindow(now);
    const [buckets, departments] = await Promise.all([repo.performanceBuckets(db, w), repo.departments(db)]);
    const byDepartment = new Map<number | null, repo.Sums>();
    const byMonth = w.months.map(() => repo.NO_SUMS);
    let overall = repo.NO_SUMS;
    for (const b of buckets) {
      // Stamps before the first month start cannot occur (the queries start there); be safe anyway.
      if (b.month < 0) continue;
      byDepartment.set(b.departmentId, add(byDepartment.get(b.departmentId) ?? repo.NO_SUMS, b));
      byMonth[b.month] = add(byMonth[b.month], b);
      overall = add(overall, b);
    }
    const rows = departments
      .filter((d) => d.status === 'active' || byDepartment.has(d.id))
      .map((d) => ({
        id: d.id as number | null,
        name: d.name,
        ...figures(byDepartment.get(d.id) ?? repo.NO_SUMS),
      }));
    // Appeals whose department has since been deleted stay in the overall figures only.
    const direct = byDepartment.get(null);
    if (direct) rows.push({ id: null, name: BUREAU_DIRECT, ...figures(direct) });
    return {
      from: w.from,
      to: w.to,
      computedAt: now.toISOString(),
      overall: figures(overall),
      departments: rows,
      months: w.months.map((month, i) => ({ month, ...figures(byMonth[i]) })),
    };
  }

  return {
    /** The figures as of at most a minute ago; concurrent callers share one computation. */
    figures: (): Promise<Performance> => cache.get('performance', compute),
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;
