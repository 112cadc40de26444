import type { AddressBookEntry, AddressBookQuery } from '#contract/address-book.ts';
import type { Page } from '#contract/paging.ts';
import { toPage } from '#server/platform/paging.ts';
import type { Deps } from '#server/services.ts';
import * as repo from './address-book.repository.ts';

/** A star list is short; a longer list is cut here so that one call cannot read the whole table. */
const MAX_IDS = 500;

export function createAddressBookService({ db }: Deps) {
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
  };
}
