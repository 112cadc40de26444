/**
 * The contract schemas and option tables the page loaders use. Loaders import them from here, a
 * server-only module, so zod never reaches the browser bundle of the public pages; the pages get
 * the options they show as loader data.
 */
export { noticeListQuerySchema } from '#contract/notice.ts';
export { policyListQuerySchema } from '#contract/policy.ts';
export { addressBookQuerySchema } from '#contract/address-book.ts';
export { APPEAL_STATUS, appealQuerySchema } from '#contract/appeal.ts';
export { PROJECT_STATUS, projectListQuerySchema } from '#contract/declare-project.ts';
export { freeProjectListQuerySchema } from '#contract/free-declare.ts';
export { proclamationListQuerySchema } from '#contract/proclamation.ts';
export { MAX_QUERY_LENGTH, QUERY_TOO_LONG, SEARCH_COUNT_LIMIT, SEARCH_SORTS, SEARCH_TYPES, searchQuerySchema } from '#contract/search.ts';

/** A code → label table as select options. */
export const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([id, text]) => ({ id, text }));
