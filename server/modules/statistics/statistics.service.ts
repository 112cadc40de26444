import type { HomeStatistic } from '#contract/statistics.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import type { AppealService } from '../appeal/appeal.service.ts';

/** What the home figures need from the other domains. */
export interface StatisticsSources {
  accessLog: { visits(): Promise<{ visitsToday: number; visitsTotal: number }> };
  policy: { count(): Promise<number> };
  notice: { count(): Promise<number> };
  appeal: Pick<AppealService, 'statistics'>;
}

/**
 * Appeal figures aggregate every appeal (tens of milliseconds once there are tens of thousands),
 * and the home page shows them to every visitor: they are kept for a minute. The visit counters
 * are two small reads, but on every home page: kept 10 s, which no visitor can tell from live.
 * Content counts come from the content lists' own cache.
 */
const APPEAL_FIGURES_TTL_MS = 60_000;
const VISITS_TTL_MS = 10_000;

export function createStatisticsService(sources: StatisticsSources) {
  const appealFigures = new ListCache(1, APPEAL_FIGURES_TTL_MS);
  const visitFigures = new ListCache(1, VISITS_TTL_MS);
  return {
    /** The home page figures, gathered at once. */
    async home(): Promise<HomeStatistic> {
      const [visits, policyCount, noticeCount, appeals] = await Promise.all([
        visitFigures.get('visits', () => sources.accessLog.visits()),
        sources.policy.count(),
        sources.notice.count(),
        appealFigures.get('appeals', () => sources.appeal.statistics()),
      ]);
      return { ...visits, policyCount, noticeCount, ...appeals };
    },
  };
}
