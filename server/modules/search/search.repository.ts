import { sql, type RawBuilder } from 'kysely';
import { PUBLIC_PROCLAMATION_STATUSES } from '#contract/proclamation.console.ts';
import { dialectOf, type Db } from '#server/db/database.ts';
import type { Alternative } from './search.analyzer.ts';

/** A record as the index keeps it. */
export interface IndexedDoc {
  type: string;
  refId: number;
  title: string;
  body: string;
  url: string;
  date: string;
  visibleFrom: string;
  titleWords: string[];
  allWords: string[];
}

/** `work` in a transaction: the caller's, when it is already in one (the seed runs in one). */
function atomically<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

const rowOf = ({ titleWords, allWords: _words, ...row }: IndexedDoc) => ({ ...row, titleTerms: ` ${titleWords.join(' ')} ` });
/**
 * The type as a word of its own (`type:notice`; no typed word has a colon, search.analyzer.ts): in
 * PostgreSQL's tsvector, so that a count of one type is answered by the GIN index (migration 0070),
 * and in the word counts, where it counts the type's records (0085).
 */
const typeWord = (type: string) => `type:${type}`;
const wordsOf = (doc: IndexedDoc) => new Set([...doc.allWords, typeWord(doc.type)]);
const termsOf = (doc: IndexedDoc) => sql`array_to_tsvector(${[...wordsOf(doc)]}::text[])`;
/** SQLite: the words beside the record, as FTS5 keeps none to read back, for the counts when it changes. */
const wordListOf = (doc: IndexedDoc) => [...wordsOf(doc)].join(' ');

/**
 * Adds each word's change (+1 a record more holds it, -1 one fewer) to the counts of `type`
 * (migration 0085). PostgreSQL: in one order of words, so that two indexings at once lock the rows
 * they share in the same order and never wait on each other in a circle (SQLite has one writer).
 */
async function countWords(db: Db, type: string, changes: Map<string, number>): Promise<void> {
  const words = [...changes.keys()].filter((w) => changes.get(w) !== 0);
  if (words.length === 0) return;
  const deltas = words.map((w) => changes.get(w)!);
  if (dialectOf(db) === 'postgres') {
    await sql`insert into search_word_count (word, type, docs)
      select c.word, ${type}, c.delta from unnest(${words}::text[], ${deltas}::int[]) as c(word, delta) order by c.word
      on conflict (word, type) do update set docs = search_word_count.docs + excluded.docs`.execute(db);
    if (deltas.some((d) => d < 0)) await sql`delete from search_word_count where type = ${type} and word = any(${words}::text[]) and docs <= 0`.execute(db);
    return;
  }
  const pairs = JSON.stringify(words.map((w, i) => [w, deltas[i]]));
  // `where true`: SQLite reads `on conflict` after a bare select's source as a join constraint.
  await sql`insert into search_word_count (word, type, docs)
    select json_extract(c.value, '$[0]'), ${type}, json_extract(c.value, '$[1]') from json_each(${pairs}) c where true
    on conflict (word, type) do update set docs = docs + excluded.docs`.execute(db);
  if (deltas.some((d) => d < 0)) await sql`delete from search_word_count where type = ${type} and docs <= 0 and word in (select json_extract(value, '$[0]') from json_each(${pairs}))`.execute(db);
}

/** What indexing a record changes in the counts: the words it now holds gained, those it held lost. */
function changesOf(doc: IndexedDoc | null, removed: readonly string[]): Map<string, number> {
  const changes = new Map<string, number>();
  if (doc) for (const w of wordsOf(doc)) changes.set(w, 1);
  for (const w of removed) changes.set(w, (changes.get(w) ?? 0) - 1);
  return changes;
}

/** The counts a batch of new records adds, type by type. */
async function countNew(db: Db, docs: readonly IndexedDoc[]): Promise<void> {
  for (const type of new Set(docs.map((d) => d.type))) {
    const changes = new Map<string, number>();
    for (const d of docs) if (d.type === type) for (const w of wordsOf(d)) changes.set(w, (changes.get(w) ?? 0) + 1);
    await countWords(db, type, changes);
  }
}

/**
 * PostgreSQL: one record indexed at a time, so that its old words are read before they change: two
 * publications of the same record at once would otherwise both count its words as new.
 */
const lockRecord = (db: Db, type: string, refId: number) => sql`select pg_advisory_xact_lock(hashtext(${`search:${type}`}), ${refId})`.execute(db);

/** Adds or replaces a document and its words; one transaction, so a search sees the old or the new. */
export async function putDoc(db: Db, doc: IndexedDoc): Promise<void> {
  const values = rowOf(doc);
  if (dialectOf(db) === 'postgres') {
    const terms = termsOf(doc);
    await atomically(db, async (trx) => {
      await lockRecord(trx, doc.type, doc.refId);
      const old = await sql<{ words: string[] }>`select tsvector_to_array(terms) as words from search_doc where type = ${doc.type} and ref_id = ${doc.refId}`.execute(trx);
      await trx
        .insertInto('searchDoc')
        .values({ ...values, terms } as never)
        .onConflict((oc) => oc.columns(['type', 'refId']).doUpdateSet({ ...values, terms } as never))
        .execute();
      await countWords(trx, doc.type, changesOf(doc, old.rows[0]?.words ?? []));
    });
    return;
  }
  const row = { ...values, words: wordListOf(doc) } as never;
  await atomically(db, async (trx) => {
    const { rows } = await sql<{ id: number; words: string }>`select id, words from search_doc where type = ${doc.type} and ref_id = ${doc.refId}`.execute(trx);
    let id = rows[0]?.id;
    if (id === undefined) {
      id = (await trx.insertInto('searchDoc').values(row).returning('id').executeTakeFirstOrThrow()).id;
    } else {
      await trx.updateTable('searchDoc').set(row).where('id', '=', id).execute();
      await sql`delete from search_fts where rowid = ${id}`.execute(trx);
    }
    await sql`insert into search_fts (rowid, terms) values (${id}, ${doc.allWords.join(' ')})`.execute(trx);
    await countWords(trx, doc.type, changesOf(doc, rows[0] ? rows[0].words.split(' ') : []));
  });
}

/** New documents in one statement per database (a rebuild, after clearDocs), and their counts. */
export async function insertDocs(db: Db, docs: readonly IndexedDoc[]): Promise<void> {
  if (docs.length === 0) return;
  await atomically(db, async (trx) => {
    if (dialectOf(db) === 'postgres') {
      await trx
        .insertInto('searchDoc')
        .values(docs.map((d) => ({ ...rowOf(d), terms: termsOf(d) }) as never))
        .execute();
    } else {
      const ids = await trx
        .insertInto('searchDoc')
        .values(docs.map((d) => ({ ...rowOf(d), words: wordListOf(d) }) as never))
        .returning('id')
        .execute();
      const rows = docs.map((d, i) => sql`(${ids[i].id}, ${d.allWords.join(' ')})`);
      await sql`insert into search_fts (rowid, terms) values ${sql.join(rows)}`.execute(trx);
    }
    await countNew(trx, docs);
  });
}

export async function removeDoc(db: Db, type: string, refId: number): Promise<void> {
  await atomically(db, async (trx) => {
    if (dialectOf(db) === 'postgres') {
      await lockRecord(trx, type, refId);
      const gone = await sql<{ words: string[] }>`delete from search_doc where type = ${type} and ref_id = ${refId} returning tsvector_to_array(terms) as words`.execute(trx);
      if (gone.rows[0]) await countWords(trx, type, changesOf(null, gone.rows[0].words));
      return;
    }
    const gone = await sql<{ id: number; words: string }>`delete from search_doc where type = ${type} and ref_id = ${refId} returning id, words`.execute(trx);
    if (!gone.rows[0]) return;
    await sql`delete from search_fts where rowid = ${gone.rows[0].id}`.execute(trx);
    await countWords(trx, type, changesOf(null, gone.rows[0].words.split(' ')));
  });
}

/** Empties the index (before a rebuild). */
export async function clearDocs(db: Db): Promise<void> {
  await db.deleteFrom('searchDoc').execute();
  await db.deleteFrom('searchWordCount').execute();
  if (dialectOf(db) === 'sqlite') await sql`delete from search_fts`.execute(db);
}

/**
 * PostgreSQL: the planner's figures for the new index, at once. Without them, after a rebuild and
 * until autovacuum's next analyse, a word found in nearly every record was taken for a rare one,
 * and each search read every matching row to sort them (seconds instead of milliseconds). SQLite
 * plans these searches by the indexes named in them.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`analyze search_doc`.execute(db);
}

/** SQLite: the write-ahead log moved into the database file and emptied, once no reader needs it. */
export async function foldLog(db: Db): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

// ---- What the public sees, per type: the same rules as each public page's own query. ----

const onlyIds = (ids: readonly number[] | null) => (ids === null ? undefined : ids.length ? ids : [-1]);

export function publicNotices(db: Db, ids: readonly number[] | null) {
  let q = db.selectFrom('notice').select(['id', 'title', 'summary', 'content', 'source', 'publishAt']).where('status', '=', 'published');
  const only = onlyIds(ids);
  if (only) q = q.where('id', 'in', only);
  return q.orderBy('id').execute();
}

export function publicPolicies(db: Db, ids: readonly number[] | null) {
  let q = db.selectFrom('policy').select(['id', 'title', 'docNo', 'issuer', 'content', 'interpretation', 'publishAt']).where('status', '=', 'published');
  const only = onlyIds(ids);
  if (only) q = q.where('id', 'in', only);
  return q.orderBy('id').execute();
}

export function publicDeclareProjects(db: Db, ids: readonly number[] | null) {
  let q = db.selectFrom('declareProject').select(['id', 'name', 'department', 'conditions', 'content', 'updatedAt']).where('enabled', '=', 1);
  const only = onlyIds(ids);
  if (only) q = q.where('id', 'in', only);
  return q.orderBy('id').execute();
}

export function publicFreeProjects(db: Db, ids: readonly number[] | null) {
  let q = db.selectFrom('freeProject').select(['id', 'name', 'department', 'conditions', 'content', 'publishAt']).where('status', '=', 'published');
  const only = onlyIds(ids);
  if (only) q = q.where('id', 'in', only);
  return q.orderBy('id').execute();
}

export function publicProclamations(db: Db, ids: readonly number[] | null) {
  let q = db
    .selectFrom('proclamation as c')
    .innerJoin('declareProject as p', 'p.id', 'c.projectId')
    .select(['c.id', 'c.title', 'c.content', 'c.enterprises', 'c.publishAt', 'p.name as projectName'])
    .where('c.status', 'in', PUBLIC_PROCLAMATION_STATUSES);
  const only = onlyIds(ids);
  if (only) q = q.where('c.id', 'in', only);
  return q.orderBy('c.id').execute();
}

export function publicServiceItems(db: Db, ids: readonly number[] | null) {
  let q = db.selectFrom('serviceItem').select(['id', 'name', 'url', 'description', 'updatedAt']).where('enabled', '=', 1);
  const only = onlyIds(ids);
  if (only) q = q.where('id', 'in', only);
  return q.orderBy('id').execute();
}

export function publicAddressBook(db: Db, ids: readonly number[] | null) {
  let q = db.selectFrom('addressBook').select(['id', 'department', 'name', 'phone', 'address', 'duties', 'updatedAt']).where('enabled', '=', 1);
  const only = onlyIds(ids);
  if (only) q = q.where('id', 'in', only);
  return q.orderBy('id').execute();
}

/** Public appeals that were not withdrawn: the enterprise's words and the bureau's public reply, never the contact. */
export function publicAppeals(db: Db, ids: readonly number[] | null) {
  let q = db
    .selectFrom('appeal')
    .select(['id', 'title', 'content', 'reply', 'repliedAt', 'createdAt'])
    .where('isPublic', '=', 1)
    .where('status', '<>', 'withdrawn');
  const only = onlyIds(ids);
  if (only) q = q.where('id', 'in', only);
  return q.orderBy('id').execute();
}

// ---- Searching. ----

export interface MatchQuery {
  groups: Alternative[][];
  /** The last group's words are prefixes (suggestions as one types). */
  prefix?: boolean;
}

const quoteFts = (w: string) => `"${w.replace(/"/g, '""')}"`;
const quoteTs = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The groups as each database's own query language. The words hold only letters and digits
 * (search.analyzer.ts), and are quoted besides: a word typed as OR, NEAR or * is just a word.
 */
function matchText(db: Db, q: MatchQuery): string {
  const pg = dialectOf(db) === 'postgres';
  const last = q.groups.length - 1;
  return q.groups
    .map((alternatives, i) => {
      const star = q.prefix && i === last;
      const alts = alternatives.map((words) => {
        const each = words.map((w) => (pg ? `${quoteTs(w)}${star ? ':*' : ''}` : `${quoteFts(w)}${star ? ' *' : ''}`));
        return `(${each.join(pg ? ' & ' : ' AND ')})`;
      });
      return `(${alts.join(pg ? ' | ' : ' OR ')})`;
    })
    .join(pg ? ' & ' : ' AND ');
}

/**
 * The rows whose words match, visible by `now`, of one type or all, read newest first along the
 * date indexes of migration 0070. SQLite gathers the matching ids from FTS5 once (its own rows
 * only, fast) and walks the index, which holds the date, the type and the visibility, so that
 * a row is read only when it is listed.
 */
function matching(db: Db, q: MatchQuery, now: string, type: string | undefined, few = false): RawBuilder<unknown> {
  const text = matchText(db, q);
  const ofType = type ? sql`and d.type = ${type}` : sql``;
  if (dialectOf(db) === 'postgres') return sql`from search_doc d where d.terms @@ ${text}::tsquery and d.visible_from <= ${now} ${ofType}`;
  // A search that finds few reads just those rows: the walk would pass the whole index to find them.
  if (few) return sql`from search_fts f join search_doc d on d.id = f.rowid where search_fts match ${text} and d.visible_from <= ${now} ${ofType}`;
  const index = sql.raw(type ? 'search_doc_type_date_idx' : 'search_doc_date_idx');
  return sql`from search_doc d indexed by ${index} where d.id in (select rowid from search_fts where search_fts match ${text}) and d.visible_from <= ${now} ${ofType}`;
}

/** PostgreSQL: the rows of one type whose words match, found through the GIN index only (its type is a word). */
function matchingOfType(db: Db, q: MatchQuery, now: string, type: string): RawBuilder<unknown> {
  const text = `(${matchText(db, q)}) & ${quoteTs(typeWord(type))}`;
  return sql`from search_doc d where d.terms @@ ${text}::tsquery and d.visible_from <= ${now}`;
}

/** How many groups the title answers: title hits rank above body hits. */
function titleScore(db: Db, groups: Alternative[][], alias: string): RawBuilder<number> {
  const terms = sql.ref(`${alias}.title_terms`);
  const has = (w: string) => (dialectOf(db) === 'postgres' ? sql`strpos(${terms}, ${` ${w} `}) > 0` : sql`instr(${terms}, ${` ${w} `}) > 0`);
  const parts = groups.map((alts) => sql`(case when ${sql.join(alts.map((words) => sql`(${sql.join(words.map(has), sql` and `)})`), sql` or `)} then 1 else 0 end)`);
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

export interface FoundRow {
  type: string;
  ref: number;
  title: string;
  body: string;
  url: string;
  date: string;
}

/**
 * A page of the newest `slice` matches (docs/search.md "Matching, ranking and sort"), by date or
 * ranked by title hits then date. Both walk the date index newest first and stop early: by date at
 * the page's last row, ranked at the slice's last, so a word found in every record reads a
 * thousand rows, not all of them. The title and body are read for the page's rows only.
 */
export async function searchRows(
  db: Db,
  q: MatchQuery,
  opts: { now: string; type?: string; sort: 'relevance' | 'date'; slice: number; limit: number; offset: number; few: boolean },
): Promise<FoundRow[]> {
  const newest = sql`order by d.date desc, d.id desc`;
  const found = matching(db, q, opts.now, opts.type, opts.few);
  const page =
    opts.sort === 'date'
      ? sql`select d.id, d.date, 0 as score ${found} ${newest} limit ${opts.limit} offset ${opts.offset}`
      : sql`select s.id, s.date, ${titleScore(db, q.groups, 's')} as score
          from (select d.id, d.date, d.title_terms ${found} ${newest} limit ${opts.slice}) s
          order by score desc, s.date desc, s.id desc limit ${opts.limit} offset ${opts.offset}`;
  const { rows } = await sql<FoundRow>`select d.type, d.ref_id as ref, d.title, d.body, d.url, d.date
    from (${page}) p join search_doc d on d.id = p.id
    order by p.score desc, p.date desc, p.id desc`.execute(db);
  return rows;
}

/** SQLite: up to this many rows holding the words are read one by one rather than walking an index. */
export const FEW_ROWS = 2_000;

/** SQLite: how many rows hold the words, whether visible or not, from FTS5 alone. */
async function holding(db: Db, q: MatchQuery): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from search_fts where search_fts match ${matchText(db, q)}`.execute(db);
  return Number(rows[0].n);
}

/**
 * Matches per type, each counted up to `upTo` (one more than the limit says "more than it"): from the
 * word counts where they settle it, the rest through the full-text index (docs/search.md "Matching,
 * ranking and sort"). PostgreSQL reads those through the GIN index and then at most `upTo` rows per
 * type; left to itself it would scan the table for a word it expects everywhere, and that scan
 * unpacks every row's words.
 */
export async function countByType(db: Db, q: MatchQuery, now: string, types: readonly string[], upTo: number): Promise<Map<string, number>> {
  const { counts, sizes } = await countedFromWords(db, q, now, types, upTo);
  const left = types.filter((t) => !counts.has(t));
  if (left.length === 0) return counts;
  const small = (type: string) => (sizes.get(type) ?? 0) <= FEW_ROWS;
  if (dialectOf(db) === 'sqlite') {
    // The types of few records, in one statement: each of their rows looked up in FTS5 by id.
    const smallTypes = left.filter(small);
    if (smallTypes.length > 0) {
      const { rows } = await sql<{ type: string; n: number }>`select d.type, count(*) as n from search_doc d indexed by search_doc_type_date_idx
        where d.type in (${sql.join(smallTypes)}) and d.visible_from <= ${now} and exists (select 1 from search_fts where search_fts match ${matchText(db, q)} and rowid = d.id)
        group by d.type`.execute(db);
      const found = new Map(rows.map((r) => [r.type, Number(r.n)]));
      for (const type of smallTypes) counts.set(type, Math.min(found.get(type) ?? 0, upTo));
    }
    if (left.every(small)) return counts;
    // Large ones: FTS5 alone says how many rows hold the words. Few: those rows are read. Many: one
    // pass along the type index, each id looked up in the set FTS5 gathered, no row read.
    const few = (await holding(db, q)) <= FEW_ROWS;
    const { rows } = await sql<{ type: string; n: number }>`select d.type, count(*) as n ${matching(db, q, now, undefined, few)} group by d.type`.execute(db);
    const found = new Map(rows.map((r) => [r.type, Math.min(Number(r.n), upTo)]));
    for (const type of left) if (!small(type)) counts.set(type, found.get(type) ?? 0);
    return counts;
  }
  // A type of few records is read whole (its rows, by the type index); a large one through the GIN index.
  const each = left.map((type) => {
    const found = small(type) ? sql`from search_doc d where d.type = ${type} and d.terms @@ ${matchText(db, q)}::tsquery and d.visible_from <= ${now}` : matchingOfType(db, q, now, type);
    return sql`select ${type} as type, (select count(*) from (select 1 as one ${found} limit ${upTo}) m) as n`;
  });
  const query = sql<{ type: string; n: number }>`${sql.join(each, sql` union all `)}`;
  const { rows } = await atomically(db, async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const found = await query.execute(trx);
    // Back on, for a caller whose transaction this is (the seed, a test).
    await sql`set local enable_seqscan = on`.execute(trx);
    return found;
  });
  for (const r of rows) counts.set(r.type, Number(r.n));
  return counts;
}

/**
 * The types whose count the word counts settle without the full-text index. A search of one
 * word: its count, less the scheduled records that hold it. Any search: none when a group's words
 * are in no record of the type; `upTo` when one word alone is in that many visible records. The
 * rest (several words together, found in fewer than `upTo`) are left to be counted.
 */
async function countedFromWords(db: Db, q: MatchQuery, now: string, types: readonly string[], upTo: number) {
  const counts = new Map<string, number>();
  const words = [...new Set(q.groups.flat(2)), ...types.map(typeWord)];
  const held = new Map<string, number>();
  for (const r of await db.selectFrom('searchWordCount').select(['word', 'type', 'docs']).where('word', 'in', words).execute()) held.set(`${r.type} ${r.word}`, r.docs);
  const sizes = new Map(types.map((type) => [type, held.get(`${type} ${typeWord(type)}`) ?? 0]));
  // Prefixes match words not counted by name: counted through the index.
  if (q.prefix) return { counts, sizes };
  // Scheduled records hold their words already: taken off, read by the visibility index (they are few).
  const later =
    dialectOf(db) === 'postgres'
      ? sql<{ type: string; n: number }>`with later as materialized (select type, terms from search_doc where visible_from > ${now})
        select type, count(*) as n from later where terms @@ ${matchText(db, q)}::tsquery group by type`
      : sql<{ type: string; n: number }>`select d.type, count(*) as n from search_doc d indexed by search_doc_visible_idx
        where d.visible_from > ${now} and exists (select 1 from search_fts where search_fts match ${matchText(db, q)} and rowid = d.id) group by d.type`;
  const { rows } = await later.execute(db);
  const scheduled = new Map(rows.map((r) => [r.type, Number(r.n)]));
  const oneWord = q.groups.length === 1 && q.groups[0].length === 1 && q.groups[0][0].length === 1;
  for (const type of types) {
    const docs = (w: string) => held.get(`${type} ${w}`) ?? 0;
    // At most: per group, the alternatives' records added up (an alternative: its rarest word).
    const most = Math.min(...q.groups.map((alts) => alts.reduce((sum, alt) => sum + Math.min(...alt.map(docs)), 0)));
    // At least, for a search of one group: the records of its commonest one-word alternative.
    const least = q.groups.length === 1 ? Math.max(0, ...q.groups[0].filter((alt) => alt.length === 1).map((alt) => docs(alt[0]))) - (scheduled.get(type) ?? 0) : 0;
    if (most === 0) counts.set(type, 0);
    else if (oneWord) counts.set(type, Math.min(most - (scheduled.get(type) ?? 0), upTo));
    else if (least >= upTo) counts.set(type, upTo);
  }
  return { counts, sizes };
}

/** Titles for the box as one types: of the newest `slice` matches, those whose titles answer most. */
export async function suggestTitles(db: Db, q: MatchQuery, now: string, slice: number, limit: number): Promise<string[]> {
  const few = dialectOf(db) === 'sqlite' && (await holding(db, q)) <= FEW_ROWS;
  const { rows } = await sql<{ title: string }>`select s.title
    from (select d.id, d.date, d.title, d.title_terms ${matching(db, q, now, undefined, few)} order by d.date desc, d.id desc limit ${slice}) s
    order by ${titleScore(db, q.groups, 's')} desc, s.date desc, s.id desc limit ${limit}`.execute(db);
  return rows.map((r) => r.title);
}

// ---- Synonyms. ----

export function listSynonyms(db: Db) {
  return db
    .selectFrom('searchSynonym as s')
    .leftJoin('staffAccount as staff', 'staff.id', 's.updatedBy')
    .select(['s.id', 's.words', 's.updatedAt', 'staff.name as updatedByName'])
    .orderBy('s.id')
    .execute();
}

export async function insertSynonym(db: Db, words: string, by: number | null): Promise<number> {
  const row = await db.insertInto('searchSynonym').values({ words, updatedBy: by, updatedAt: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSynonym(db: Db, id: number, words: string, by: number): Promise<boolean> {
  const r = await db.updateTable('searchSynonym').set({ words, updatedBy: by, updatedAt: new Date().toISOString() }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteSynonym(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('searchSynonym').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- What people searched for. ----

export async function addQueryCounts(db: Db, rows: readonly { day: string; query: string; searches: number; empty: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('searchQueryLog')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['day', 'query']).doUpdateSet({
        searches: sql`search_query_log.searches + excluded.searches`,
        empty: sql`search_query_log.empty + excluded.empty`,
      }),
    )
    .execute();
}

export function topQueries(db: Db, sinceDay: string, limit: number, onlyEmpty: boolean) {
  const count = onlyEmpty ? sql<number>`sum(empty)` : sql<number>`sum(searches)`;
  let q = db.selectFrom('searchQueryLog').select(['query', count.as('count')]).where('day', '>=', sinceDay).groupBy('query');
  if (onlyEmpty) q = q.having(sql`sum(empty)`, '>', 0);
  return q.orderBy(count, 'desc').orderBy('query').limit(limit).execute();
}

/** Queries that start with `prefix`, most searched first (the box's suggestions). */
export function hotQueries(db: Db, sinceDay: string, pattern: string, limit: number) {
  return db
    .selectFrom('searchQueryLog')
    .select(['query', sql<number>`sum(searches)`.as('count')])
    .where('day', '>=', sinceDay)
    .where(sql<boolean>`query like ${pattern} escape '\\'`)
    .groupBy('query')
    .having(sql`sum(empty)`, '<', sql`sum(searches)`)
    .orderBy(sql`sum(searches)`, 'desc')
    .limit(limit)
    .execute();
}
