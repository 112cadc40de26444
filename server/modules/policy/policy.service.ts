import { POLICY_VALIDITY, type Policy, type PolicyListItem, type PolicyListQuery, type PolicyValidity } from '#contract/policy.ts';
import type { Page } from '#contract/paging.ts';
import { notFound } from '#server/platform/http/errors.ts';
import { sanitizeRichText } from '#server/platform/http/html.ts';
import { parseFiles } from '#server/platform/http/json.ts';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { offsetOf, toPage } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import type { DictService } from '../dict/dict.service.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import { ViewCounter } from '#server/platform/page-cache/view-counter.ts';
import * as repo from './policy.repository.ts';

type Filter = Partial<Pick<PolicyListQuery, 'keyword' | 'level' | 'category'>>;

/** 尚未生效 before the first day in force, 已失效 after the last, 现行有效 between (docs/domain.md). */
export function policyValidity(effectiveFrom: string | null, effectiveTo: string | null, now: string): PolicyValidity {
  if (effectiveFrom && now < effectiveFrom) return 'pending';
  if (effectiveTo && now > effectiveTo) return 'expired';
  return 'effective';
}

export function createPolicyService({ db, kv, log }: Deps, dict: DictService) {
  // Counts and pages over 100,000 policies cost 10-90 ms; policies change a few times a day.
  // 30 s bounds how late a scheduled policy appears; a write bumps the content version.
  const cache = new ListCache(500, 30_000);
  // A detail keeps its sanitised HTML with a count of the views served since it was read.
  const details = new ListCache(1000, 30_000);
  const views = new ViewCounter(
    (counts) => repo.addPolicyViews(db, counts),
    (err) => log.error({ err }, 'policy view counts not saved'),
  );

  function count(version: string, filter: Filter, now: string): Promise<number> {
    const key = JSON.stringify([version, 'count', filter.keyword, filter.level, filter.category]);
    return cache.get(key, () => repo.countPolicies(db, filter, now));
  }

  function page(version: string, q: PolicyListQuery, now: string): Promise<repo.PolicyListRow[]> {
    const key = JSON.stringify([version, 'page', q.keyword, q.level, q.category, q.currentPage, q.pageSize]);
    return cache.get(key, () => repo.listPolicyPage(db, q, now));
  }

  async function mapper(now: string) {
    const [levels, categories] = await Promise.all([dict.labels('policy_level'), dict.labels('policy_category')]);
    return (row: repo.PolicyListRow): PolicyListItem => {
      const validity = policyValidity(row.effectiveFrom, row.effectiveTo, now);
      return {
        id: row.id,
        title: row.title,
        docNo: row.docNo,
        issuer: row.issuer,
        level: row.level,
        levelText: levels.get(row.level) ?? row.level,
        category: row.category,
        categoryText: categories.get(row.category) ?? row.category,
        publishAt: row.publishAt,
        effectiveFrom: row.effectiveFrom,
        effectiveTo: row.effectiveTo,
        validity,
        validityText: POLICY_VALIDITY[validity],
        viewCount: row.viewCount,
      };
    };
  }

  return {
    async list(q: PolicyListQuery): Promise<Page<PolicyListItem>> {
      const now = new Date().toISOString();
      const version = await contentVersion(kv);
      const [total, toItem] = await Promise.all([count(version, q, now), mapper(now)]);
      const records = offsetOf(q) < total ? await page(version, q, now) : [];
      return toPage(records.map(toItem), total, q);
    },

    /** One published policy; counts the view. */
    async detail(id: number): Promise<Policy> {
      const key = JSON.stringify([await contentVersion(kv), id]);
      const entry = await details.get(key, async () => {
        const now = new Date().toISOString();
        const row = await repo.findPublishedPolicy(db, id, now);
        if (!row) throw notFound('该政策不存在或已撤回');
        const policy: Policy = {
          ...(await mapper(now))(row),
          // The body right under the page's h1; the interpretation under its h2 “政策解读”.
          content: sanitizeRichText(row.content, { headingsFrom: 2 }),
          interpretation: row.interpretation ? sanitizeRichText(row.interpretation, { headingsFrom: 3 }) : null,
          attachments: parseFiles(row.attachments),
        };
        return { policy, served: 0 };
      });
      entry.served += 1;
      views.add(id);
      const now = new Date().toISOString();
      const validity = policyValidity(entry.policy.effectiveFrom, entry.policy.effectiveTo, now);
      return { ...entry.policy, validity, validityText: POLICY_VALIDITY[validity], viewCount: entry.policy.viewCount + entry.served };
    },

    /** Writes the buffered view counts now. */
    flushViews: () => views.flush(),
    /** Stops the view-count timer after a last write (the app's onClose). */
    close: () => views.close(),

    /** Published policies, for the home figures. */
    count: async () => count(await contentVersion(kv), {}, new Date().toISOString()),
  };
}
