import type { AddressBookEntry } from '#contract/address-book.ts';
import type { StarInput } from '#contract/user-book.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { notFound } from '#server/platform/http/errors.ts';
import { parseId } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './user-book.repository.ts';

export interface AddressBookLookup {
  findByIds(ids: readonly number[]): Promise<AddressBookEntry[]>;
}

/** The user's stars on the public address book, and the enterprise's service commissioner. */
export function createUserBookService({ db }: Deps, addressBook: AddressBookLookup) {
  return {
    async star(user: AuthUser, input: StarInput): Promise<{ entryId: number; starred: boolean }> {
      const entryId = parseId(input.entryId, '通讯录条目');
      if (input.starred) {
        const [entry] = await addressBook.findByIds([entryId]);
        if (!entry) throw notFound('该通讯录条目不存在或已删除');
        await repo.addStar(db, user.userId, entryId, new Date().toISOString());
      } else {
        await repo.removeStar(db, user.userId, entryId);
      }
      return { entryId, starred: input.starred };
    },

    /** Starred entries that still exist, in address-book order. */
    async starred(user: AuthUser): Promise<AddressBookEntry[]> {
      return addressBook.findByIds(await repo.starredEntryIds(db, user.userId));
    },

    /** The commissioner assigned to the user's enterprise; null when none is assigned yet. */
    async commissioner(user: AuthUser): Promise<AddressBookEntry | null> {
      if (user.enterpriseId === null) return null;
      const entryId = await repo.commissionerEntryId(db, user.enterpriseId);
      if (entryId === null) return null;
      const [entry] = await addressBook.findByIds([entryId]);
      return entry ?? null;
    },
  };
}
