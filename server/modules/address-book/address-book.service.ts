import type { AddressBookConsoleQuery, AddressBookConsoleRow, AddressBookEntry, AddressBookQuery, AddressBookSave } from '#contract/address-book.ts';
import type { SortOrder } from '#contract/console-list.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import { conflict, notFound } from '#server/platform/http/errors.ts';
import type { Page } from '#contract/paging.ts';
import { toPage } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './address-book.repository.ts';
import { reindexRecords } from '../search/search.indexer.ts';

/** A star list is short; a longer list is cut here so that one call cannot read the whole table. */
const MAX_IDS = 500;

const GONE = '该通讯录条目不存在或已删除';

export function createAddressBookService({ db, kv }: Deps) {
  const toRow = (r: NonNullable<Awaited<ReturnType<typeof repo.findEntryById>>>): AddressBookConsoleRow => ({ ...r, enabled: r.enabled === 1 });
  /** /address-book is a cached page: every change purges the page cache so that it shows at once. */
  const changed = () => bumpContentVersion(kv);

  return {
    async list(q: AddressBookQuery): Promise<Page<AddressBookEntry>> {
      const { records, total } = await repo.listEntries(db, q);
      return toPage(records, total, q);
    },

    /** Department names in display order, for the filter select. */
    departments: () => repo.listDepartments(db),

    /** The entries among `ids` that still exist, in address-book order (the user's starred entries). */
    async findByIds(ids: readonly number[]): Promise<AddressBookEntry[]> {
      const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))].slice(0, MAX_IDS);
      return wanted.length ? repo.findEntries(db, wanted) : [];
    },

    /** The console's list: disabled entries too, with their order and state. */
    async consoleList(q: AddressBookConsoleQuery): Promise<Page<AddressBookConsoleRow>> {
      const { records, total } = await repo.listConsoleEntries(db, q);
      return toPage(records.map(toRow), total, q);
    },

    async save({ id, ...values }: AddressBookSave): Promise<{ id: number }> {
      if (id === null) {
        const created = await repo.insertEntry(db, values);
        await reindexRecords(db, 'address-book', [created]);
        await changed();
        return { id: created };
      }
      if (!(await repo.findEntryById(db, id))) throw notFound(GONE);
      await repo.updateEntry(db, id, values);
      await reindexRecords(db, 'address-book', [id]);
      await changed();
      return { id };
    },

    async setEnabled(id: number, enabled: boolean): Promise<{ id: number }> {
      if (!(await repo.setEntryEnabled(db, id, enabled))) {
        if (!(await repo.findEntryById(db, id))) throw notFound(GONE);
        throw conflict(enabled ? '该条目已是启用状态，无需再次启用' : '该条目已停用，无需再次停用');
      }
      await reindexRecords(db, 'address-book', [id]);
      await changed();
      return { id };
    },

    async sort({ items }: SortOrder): Promise<{ count: number }> {
      const missing = await repo.updateEntrySorts(db, items);
      if (missing.length) throw notFound(`通讯录条目 ${missing.join('、')} 不存在或已删除，请刷新后重新排序`);
      await changed();
      return { count: items.length };
    },
  };
}
