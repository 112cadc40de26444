import type { SearchType } from '#contract/search.ts';
import type { Db } from '#server/db/database.ts';
import { documentWords, type DocText } from './search.analyzer.ts';
import * as repo from './search.repository.ts';

/**
 * Keeps the search index current. The services that publish, change or take down a public record
 * call `reindexRecords` after their write, with the ids they touched; it reads each record again
 * through the public page's own rules and puts it in the index, or takes it out when the public may
 * no longer see it. So a withdrawal is out of the results as soon as its call answers, and no
 * timer is needed: a notice scheduled for later is indexed with its time and found from then.
 */

/** A record as the index wants it, before its words are cut. */
interface Source extends DocText {
  id: number;
  url: string;
  date: string;
  visibleFrom: string;
}

/** The text of stored (sanitised) HTML, for the words and the snippet. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A snippet never needs more; a body past it is still found by its first words. */
const BODY_CHARS = 20_000;
const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

const SOURCES: Record<SearchType, (db: Db, ids: readonly number[] | null) => Promise<Source[]>> = {
  notice: async (db, ids) =>
    (await repo.publicNotices(db, ids)).map((r) => ({
      id: r.id,
      title: r.title,
      extra: r.source ?? '',
      body: join(r.summary, plainText(r.content)),
      url: `/notice/detail?id=${r.id}`,
      date: r.publishAt,
      visibleFrom: r.publishAt,
    })),
  policy: async (db, ids) =>
    (await repo.publicPolicies(db, ids)).map((r) => ({
      id: r.id,
      title: r.title,
      extra: join(r.docNo, r.issuer),
      docNo: r.docNo,
      body: join(r.docNo, r.issuer, plainText(r.content), plainText(r.interpretation)),
      url: `/important-policy/detail?id=${r.id}`,
      date: r.publishAt,
      visibleFrom: r.publishAt,
    })),
  'declare-project': async (db, ids) =>
    (await repo.publicDeclareProjects(db, ids)).map((r) => ({
      id: r.id,
      title: r.name,
      extra: r.department,
      body: join(r.department, plainText(r.conditions), plainText(r.content)),
      url: `/free-apply/declare-project/detail?id=${r.id}`,
      date: r.updatedAt,
      visibleFrom: '',
    })),
  'free-project': async (db, ids) =>
    (await repo.publicFreeProjects(db, ids)).map((r) => ({
      id: r.id,
      title: r.name,
      extra: r.department,
      body: join(r.department, plainText(r.conditions), plainText(r.content)),
      url: `/free-apply/free-project/detail?id=${r.id}`,
      date: r.publishAt,
      visibleFrom: r.publishAt,
    })),
  proclamation: async (db, ids) =>
    (await repo.publicProclamations(db, ids)).map((r) => {
      const names = (JSON.parse(r.enterprises) as { enterpriseName: string }[]).map((e) => e.enterpriseName);
      return {
        id: r.id,
        title: r.title,
        extra: r.projectName,
        body: join(r.projectName, plainText(r.content), names.join('、')),
        url: `/free-apply/proclamation/detail?id=${r.id}`,
        date: r.publishAt,
        visibleFrom: r.publishAt,
      };
    }),
  service: async (db, ids) =>
    (await repo.publicServiceItems(db, ids)).map((r) => ({
      id: r.id,
      title: r.name,
      body: r.description ?? '',
      url: r.url,
      date: r.updatedAt,
      visibleFrom: '',
    })),
  'address-book': async (db, ids) =>
    (await repo.publicAddressBook(db, ids)).map((r) => ({
      id: r.id,
      title: `${r.name}（${r.department}）`,
      body: join(`电话：${r.phone}`, r.address && `地址：${r.address}`, r.duties && `职责：${r.duties}`),
      url: `/address-book?keyword=${encodeURIComponent(r.name)}`,
      date: r.updatedAt,
      visibleFrom: '',
    })),
  appeal: async (db, ids) =>
    (await repo.publicAppeals(db, ids)).map((r) => ({
      id: r.id,
      title: r.title,
      body: join(plainText(r.content), r.reply && `答复：${plainText(r.reply)}`),
      url: `/appeal/detail?id=${r.id}`,
      date: r.repliedAt ?? r.createdAt,
      visibleFrom: '',
    })),
};

function indexed(type: SearchType, s: Source): repo.IndexedDoc {
  const { titleWords, allWords } = documentWords(s);
  return { type, refId: s.id, title: s.title, body: s.body.slice(0, BODY_CHARS), url: s.url, date: s.date, visibleFrom: s.visibleFrom, titleWords, allWords };
}

/** After a write: the records of `type` with these ids as the public now sees them (or not at all). */
export async function reindexRecords(db: Db, type: SearchType, ids: readonly number[]): Promise<void> {
  const found = await SOURCES[type](db, ids);
  for (const s of found) await repo.putDoc(db, indexed(type, s));
  const kept = new Set(found.map((s) => s.id));
  for (const id of ids) if (!kept.has(id)) await repo.removeDoc(db, type, id);
}

/** Rows per insert of a rebuild: well under either database's limit of bound parameters. */
const BATCH = 500;

/** The whole index anew (`npm run search:reindex`, the seed); returns how many records it holds. */
export async function reindexAll(db: Db): Promise<number> {
  await repo.clearDocs(db);
  let count = 0;
  for (const type of Object.keys(SOURCES) as SearchType[]) {
    const sources = await SOURCES[type](db, null);
    for (let i = 0; i < sources.length; i += BATCH) {
      await repo.insertDocs(db, sources.slice(i, i + BATCH).map((s) => indexed(type, s)));
    }
    count += sources.length;
  }
  await repo.refreshStatistics(db);
  return count;
}

/**
 * `npm run search:reindex`: the rebuild in one transaction (searches meet the old index until the new
 * one is complete), then, on SQLite, the write-ahead log folded back into the database file: the
 * rebuild wrote every page of the index through it, and each read looks its pages up in the log
 * until a checkpoint has moved them.
 */
export async function rebuildIndex(db: Db): Promise<number> {
  const count = await db.transaction().execute((trx) => reindexAll(trx));
  await repo.foldLog(db);
  return count;
}
