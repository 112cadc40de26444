import type { Db } from '../database.ts';
import { seedNotices } from './notice.ts';
import { seedAccounts } from './accounts.ts';
import { seedStaff } from './staff.ts';
import { seedAddressBook } from './address-book.ts';
import { seedPolicies } from './policy.ts';
import { seedServiceItems } from './service-item.ts';
import { seedEnterpriseServices } from './enterprise.ts';
import { Random } from './random.ts';
import { seedSearch } from './search.ts';

export interface SeedOptions {
  /** N times the demo volume of list content (notices, policies...), for benchmarks. */
  scale?: number;
  /** "Now" of the demo data; fixed in tests for repeatable results. */
  now?: Date;
  /** false: the synonyms only, the search index left empty (the bench builds it in its own section). */
  searchIndex?: boolean;
}

/**
 * Fills an empty database with the demo content of docs/domain.md. Deterministic: the same seed gives
 * the same data. Each domain seeds its own tables, in dependency order.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<void> {
  const scale = Math.max(1, Math.floor(opts.scale ?? 1));
  const now = opts.now ?? new Date();
  const rnd = new Random(20261121);
  // The demo enterprise and its user first: the enterprise seeds give it appeals and declarations.
  await seedAccounts(db);
  await seedStaff(db);
  await seedNotices(db, rnd, now, 36 * scale);
  await seedPolicies(db, rnd, now, 36 * scale);
  await seedAddressBook(db);
  await seedServiceItems(db);
  // After accounts and content: appeals, declarations and stars refer to both.
  await seedEnterpriseServices(db, rnd, now, scale);
  // Last: the index holds what the seeds above made public.
  await seedSearch(db, opts.searchIndex ?? true);
}

/** True when the database holds no content yet (a fresh install). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('notice').select('id').limit(1).executeTakeFirst();
  return !row;
}
