import { STATS_DAYS, type SearchStats, type Synonym, type SynonymSave } from '#contract/search.ts';
import { formatDate } from '#contract/format.ts';
import type { StaffActor } from '#contract/staff.ts';
import type { Deps } from '#server/deps.ts';
import { badRequest, notFound } from '#server/platform/http/errors.ts';
import * as repo from './search.repository.ts';
import type { SearchService } from './search.service.ts';

const GONE = '该组同义词不存在或已删除，请刷新后重试';
const STATS_ROWS = 50;

/**
 * 管理后台 · 站内搜索 (docs/console.md): editors keep the synonym groups (each save is audited by
 * the console's hook); editors and auditors read what people searched for over the last 30 days.
 */
export function createSearchConsoleService({ db }: Deps, search: SearchService) {
  /** One word belongs to one group: a word in two groups would make the two one. */
  async function checkUnique(words: readonly string[], id: number | undefined): Promise<void> {
    const taken = new Map<string, string[]>();
    for (const row of await repo.listSynonyms(db)) if (row.id !== id) for (const w of JSON.parse(row.words) as string[]) taken.set(w, JSON.parse(row.words));
    const clash = words.find((w) => taken.has(w));
    if (clash) throw badRequest(`“${clash}”已在同义词组“${taken.get(clash)!.join('、')}”中，请修改那一组或换一个词`);
  }

  return {
    async synonyms(): Promise<Synonym[]> {
      return (await repo.listSynonyms(db)).map((r) => ({ id: r.id, words: JSON.parse(r.words) as string[], updatedAt: r.updatedAt, updatedByName: r.updatedByName ?? null }));
    },

    async save(actor: StaffActor, input: SynonymSave): Promise<{ id: number }> {
      await checkUnique(input.words, input.id);
      const words = JSON.stringify(input.words);
      let id = input.id;
      if (id === undefined) id = await repo.insertSynonym(db, words, actor.id);
      else if (!(await repo.updateSynonym(db, id, words, actor.id))) throw notFound(GONE);
      await search.synonymsChanged();
      return { id };
    },

    async remove(id: number): Promise<{ id: number }> {
      if (!(await repo.deleteSynonym(db, id))) throw notFound(GONE);
      await search.synonymsChanged();
      return { id };
    },

    async stats(): Promise<SearchStats> {
      await search.flushLog();
      const since = formatDate(new Date(Date.now() - STATS_DAYS * 86_400_000));
      const [top, noResults] = await Promise.all([repo.topQueries(db, since, STATS_ROWS, false), repo.topQueries(db, since, STATS_ROWS, true)]);
      const rows = (list: typeof top) => list.map((r) => ({ query: r.query, count: Number(r.count) }));
      return { top: rows(top), noResults: rows(noResults) };
    },
  };
}

export type SearchConsoleService = ReturnType<typeof createSearchConsoleService>;
