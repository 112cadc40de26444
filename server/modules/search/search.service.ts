import { SEARCH_COUNT_LIMIT, SEARCH_TYPE_KEYS, STATS_DAYS, type SearchPage, type SearchQuery, type SearchRecord, type SearchType } from '#contract/search.ts';
import { formatDate } from '#contract/format.ts';
import type { Deps } from '#server/deps.ts';
import { likePattern, offsetOf } from '#server/platform/http/paging.ts';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import { planQuery, type QueryPlan } from './search.analyzer.ts';
import { highlight, snippet } from './search.highlight.ts';
import * as repo from './search.repository.ts';

const SYNONYM_VERSION_KEY = 'search-synonym-version';
const SUGGESTIONS = 8;
/** Suggestions come from the newest this many titles that match what is typed so far. */
const SUGGEST_SLICE = 200;
/** The query log is written at most this often: a search does not wait for a write. */
const LOG_FLUSH_MS = 5_000;
/**
 * Answers are kept under the content version, which every service that publishes or withdraws
 * bumps right after it updates the index: a repeated search (高企, 专精特新: visitors ask the same
 * few things) costs a lookup, and a publication retires every kept answer at once. The time bound
 * is for what no service announces: a notice scheduled for later becoming visible.
 */
const ANSWER_TTL_MS = 30_000;
const ANSWERS = 2_000;

/** The day `days` before today in Shanghai. */
const dayBefore = (days: number) => formatDate(new Date(Date.now() - days * 86_400_000));

/**
 * 站内搜索 for visitors (docs/domain.md "Search"): one query over every public record, ranked or
 * by date, marked, counted per type; suggestions as one types; what people searched is counted per
 * day, so staff see what they searched for and what found nothing.
 */
export function createSearchService({ db, kv, log }: Deps) {
  const answers = new ListCache(ANSWERS, ANSWER_TTL_MS);
  let synonyms: { version: string; groups: string[][] } | null = null;
  async function synonymGroups(): Promise<string[][]> {
    const version = (await kv.get(SYNONYM_VERSION_KEY)) ?? '0';
    if (synonyms?.version !== version) {
      const rows = await repo.listSynonyms(db);
      synonyms = { version, groups: rows.map((r) => JSON.parse(r.words) as string[]) };
    }
    return synonyms.groups;
  }

  const pending = new Map<string, { searches: number; empty: number }>();
  let lastFlush = 0;
  async function flushLog(): Promise<void> {
    lastFlush = Date.now();
    const day = formatDate(new Date());
    const rows = [...pending].map(([query, c]) => ({ day, query, ...c }));
    pending.clear();
    await repo.addQueryCounts(db, rows);
  }
  function count(query: string, found: number) {
    const c = pending.get(query) ?? { searches: 0, empty: 0 };
    c.searches += 1;
    if (found === 0) c.empty += 1;
    pending.set(query, c);
    if (Date.now() - lastFlush >= LOG_FLUSH_MS) flushLog().catch((err) => log.warn({ err }, 'search query log not written'));
  }

  function toRecord(row: repo.FoundRow, plan: QueryPlan): SearchRecord {
    return {
      type: row.type as SearchType,
      id: row.ref,
      title: highlight(row.title, plan.marks, plan.pinyin),
      snippet: snippet(row.body, plan.marks),
      url: row.url,
      date: row.date,
    };
  }

  return {
    async search(q: SearchQuery): Promise<SearchPage> {
      const groups = await synonymGroups();
      const version = `${await contentVersion(kv)}:${synonyms?.version}`;
      const plan = planQuery(q.q, groups);
      const facets: Record<string, number> = Object.fromEntries(SEARCH_TYPE_KEYS.map((t) => [t, 0]));
      const page: SearchPage = { records: [], total: 0, totalCapped: false, currentPage: q.currentPage, pageSize: q.pageSize, facets, cappedFacets: [] };
      if (plan.groups.length > 0) {
        const now = new Date().toISOString();
        // Keyed by the plan: 高企 and 高新技术企业 are one search.
        const key = JSON.stringify([version, plan.groups]);
        // Each type counted up to one past the limit: one more says "more than that".
        const counts = await answers.get(`${key}:count`, () => repo.countByType(db, plan, now, SEARCH_TYPE_KEYS, SEARCH_COUNT_LIMIT + 1));
        for (const [type, n] of counts) {
          facets[type] = Math.min(n, SEARCH_COUNT_LIMIT);
          if (n > SEARCH_COUNT_LIMIT) page.cappedFacets.push(type as SearchType);
        }
        const found = q.type ? (counts.get(q.type) ?? 0) : [...counts.values()].reduce((a, b) => a + b, 0);
        page.total = Math.min(found, SEARCH_COUNT_LIMIT);
        page.totalCapped = found > SEARCH_COUNT_LIMIT;
        if (offsetOf(q) < page.total) {
          const pageKey = JSON.stringify([key, q.type, q.sort, q.pageSize, q.currentPage, plan.marks, plan.pinyin]);
          page.records = await answers.get(pageKey, async () => {
            // Few matches in all: read and sorted; many: walked newest first (search.repository.ts).
            const few = page.cappedFacets.length === 0 && [...counts.values()].reduce((a, b) => a + b, 0) <= repo.FEW_ROWS;
            const rows = await repo.searchRows(db, plan, { now, type: q.type, sort: q.sort, slice: SEARCH_COUNT_LIMIT, limit: q.pageSize, offset: offsetOf(q), few });
            return rows.map((r) => toRecord(r, plan));
          });
        }
      }
      // A visitor's first page counts once; the next pages and the tabs are the same search.
      if (q.currentPage === 1 && !q.type) count(q.q.slice(0, 100), page.total);
      return page;
    },

    /** Up to eight: titles that match what is typed so far, then what others searched that begins so. */
    async suggest(text: string): Promise<string[]> {
      const since = dayBefore(STATS_DAYS);
      if (!text) return (await repo.topQueries(db, since, SUGGESTIONS, false)).map((r) => r.query);
      const plan = planQuery(text, await synonymGroups());
      const titles = plan.groups.length > 0 ? await repo.suggestTitles(db, { groups: plan.groups, prefix: true }, new Date().toISOString(), SUGGEST_SLICE, SUGGESTIONS) : [];
      // likePattern's `%word%` without its leading %: what begins with the word.
      const hot = (await repo.hotQueries(db, since, likePattern(text).slice(1), SUGGESTIONS)).map((r) => r.query);
      return [...new Set([...hot.filter((h) => h !== text), ...titles])].slice(0, SUGGESTIONS);
    },

    /** What to try when nothing was found: the searches that find most, over the last 30 days. */
    async hints(): Promise<string[]> {
      const rows = await repo.topQueries(db, dayBefore(STATS_DAYS), 20, false);
      const empties = new Set((await repo.topQueries(db, dayBefore(STATS_DAYS), 100, true)).map((r) => r.query));
      return rows.map((r) => r.query).filter((q) => !empties.has(q)).slice(0, 6);
    },

    /** The synonym groups changed: every instance reloads them on its next search. */
    async synonymsChanged(): Promise<void> {
      await kv.incr(SYNONYM_VERSION_KEY, 365 * 86_400);
    },

    /** The counts so far, written now (the console's figures include the last few seconds). */
    flushLog,
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
