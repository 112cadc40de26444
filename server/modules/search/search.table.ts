import type { Generated } from 'kysely';

/** One public record as the search finds it (migration 0045). */
export interface SearchDocTable {
  id: Generated<number>;
  /** contract/search.ts SearchType. */
  type: string;
  refId: number;
  title: string;
  /** Plain text, for the snippet. */
  body: string;
  url: string;
  /** ISO 8601 UTC: what the date sort orders by. */
  date: string;
  /** ISO 8601 UTC; '' for always. A notice scheduled for later is indexed now and found from then. */
  visibleFrom: string;
  /** ' word word ': the title's words, to rank title hits first. */
  titleTerms: string;
}

/** PostgreSQL: how many records of a type hold a word (migration 0085), kept as records are indexed. */
export interface SearchWordCountTable {
  word: string;
  type: string;
  docs: number;
}

export interface SearchSynonymTable {
  id: Generated<number>;
  /** JSON array of the words of one group. */
  words: string;
  updatedBy: number | null;
  updatedAt: Generated<string>;
}

export interface SearchQueryLogTable {
  /** A day in Shanghai, 2026-11-29. */
  day: string;
  query: string;
  searches: number;
  /** How many of those searches found nothing. */
  empty: number;
}

export interface SearchTables {
  searchDoc: SearchDocTable;
  searchWordCount: SearchWordCountTable;
  searchSynonym: SearchSynonymTable;
  searchQueryLog: SearchQueryLogTable;
}
