import { dictOptionInputSchema, type DictCode, type DictConsoleOption, type DictOption, type DictOptionInput, type DictSort, type DictType } from '#contract/dict.ts';
import { conflict, notFound } from '#server/platform/http/errors.ts';
import type { Deps } from '#server/deps.ts';
import type { SiteService } from '../site/site.service.ts';
import * as repo from './dict.repository.ts';

interface Snapshot {
  /** The cache_version the options were read under. */
  version: string;
  /** Enabled options per dictionary, for the selects. */
  options: Map<string, DictOption[]>;
  /** Every label, disabled ones too, so that old records keep their names. */
  labels: Map<string, Map<string, string>>;
}

/**
 * Dictionaries are read on every list and form but change rarely, and every change bumps
 * cache_version: each instance keeps them while cache_version stays the same, so a client that
 * sees a new cache_version gets the new options from any instance.
 */
export function createDictService({ db }: Deps, site: SiteService) {
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;

  async function load(version: string): Promise<Snapshot> {
    const [types, items] = await Promise.all([repo.listTypes(db), repo.listItems(db)]);
    const options = new Map<string, DictOption[]>(types.map((t) => [t, []]));
    const labels = new Map<string, Map<string, string>>(types.map((t) => [t, new Map()]));
    for (const item of items) {
      labels.get(item.typeCode)?.set(item.value, item.text);
      if (item.enabled === 1) options.get(item.typeCode)?.push({ text: item.text, id: item.value });
    }
    return { version, options, labels };
  }

  async function current(): Promise<Snapshot> {
    const version = await site.cacheVersion();
    if (snapshot?.version === version) return snapshot;
    loading ??= load(version).finally(() => (loading = null));
    snapshot = await loading;
    return snapshot;
  }

  /** A 404 for a dictionary that does not exist. */
  async function known(code: string): Promise<void> {
    if (!(await current()).options.has(code)) throw notFound(`字典「${code}」不存在，请检查字典编码`);
  }

  async function labelsOf(code: DictCode): Promise<Map<string, string>> {
    return (await current()).labels.get(code) ?? new Map();
  }

  return {
    /** The enabled options of a dictionary; an unknown code is a 404. */
    async options(code: string): Promise<DictOption[]> {
      const options = (await current()).options.get(code);
      if (!options) throw notFound(`字典「${code}」不存在，请检查字典编码`);
      return options;
    },

    /** The label of one option, or null when the dictionary has no such option. */
    async label(code: DictCode, id: string | null | undefined): Promise<string | null> {
      if (!id) return null;
      return (await labelsOf(code)).get(id) ?? null;
    },

    /** All labels of a dictionary at once, for mapping a whole list. */
    labels: labelsOf,

    /** The dictionaries for the console's picker. */
    types: (): Promise<DictType[]> => repo.listTypesNamed(db),

    /** The console's view of one dictionary: every option with its order and state. */
    async consoleOptions(code: string): Promise<DictConsoleOption[]> {
      await known(code);
      const rows = await repo.listOptionsOf(db, code);
      return rows.map((r) => ({ id: r.value, text: r.text, sort: r.sort, enabled: r.enabled === 1 }));
    },

    /** Adds or changes one option (staff console); clients drop their cached dictionaries. */
    async saveOption(code: string, input: DictOptionInput): Promise<void> {
      const option = dictOptionInputSchema.parse(input);
      await known(code);
      await repo.upsertItem(
        db,
        { typeCode: code, value: option.id, text: option.text, sort: option.sort, enabled: option.enabled ? 1 : 0 },
        new Date().toISOString(),
      );
      await site.bumpCacheVersion();
    },

    /** 启用/停用 one option (compare-and-set: the same state twice is a 409). */
    async setOptionEnabled(code: string, value: string, enabled: boolean): Promise<void> {
      await known(code);
      if (!(await repo.setItemEnabled(db, code, value, enabled, new Date().toISOString()))) {
        if (!(await repo.findItem(db, code, value))) throw notFound(`字典「${code}」中没有选项「${value}」，请刷新后重试`);
        throw conflict(enabled ? '该选项已是启用状态，无需再次启用' : '该选项已停用，无需再次停用');
      }
      await site.bumpCacheVersion();
    },

    /** A new order for some options of one dictionary. */
    async sortOptions({ dictCode, items }: DictSort): Promise<{ count: number }> {
      await known(dictCode);
      const missing = await repo.updateItemSorts(db, dictCode, items, new Date().toISOString());
      if (missing.length) throw notFound(`选项 ${missing.join('、')} 不存在，请刷新后重新排序`);
      await site.bumpCacheVersion();
      return { count: items.length };
    },
  };
}

export type DictService = ReturnType<typeof createDictService>;
