import { randomBytes } from "node:crypto";
import type { Deps } from "#server/deps.ts";

/**
 * What a staff member is and may do (account state, session epoch, roles, permissions), read on
 * every console request: kept in the process instead of three queries a request (docs/decisions.md
 * "Staff console"). Each entry is valid only under the grants version it was read under: a
 * random token in the kv store (shared by every instance when it is Redis), replaced by every
 * change to an account, a role or a role's permissions. So a revoked role, a disabled account or
 * a reset password takes effect on the very next request, here and on every other instance, as
 * docs/console.md asks ("permissions are not frozen in a token"). A missing version (expired, evicted)
 * is replaced by a new one, which no entry carries.
 */
const VERSION_KEY = "console:grants-version";
const VERSION_TTL_SECONDS = 7 * 86_400;
/** However stable, an entry is read again after this long. */
const MAX_AGE_MS = 60_000;
/** Staff accounts of a bureau: a few hundred at most; the bound only keeps a mistake from growing the process. */
const MAX_ENTRIES = 2_000;

interface Entry<T> {
  version: string;
  at: number;
  value: T;
}

export function createStaffGrants({ kv }: Pick<Deps, "kv">) {
  const entries = new Map<number, Entry<unknown>>();

  async function version(): Promise<string> {
    const current = await kv.get(VERSION_KEY);
    if (current) return current;
    await kv.setIfAbsent(
      VERSION_KEY,
      randomBytes(12).toString("base64url"),
      VERSION_TTL_SECONDS,
    );
    return (await kv.get(VERSION_KEY)) ?? "";
  }

  return {
    /**
     * The staff member's grants, from the process when still valid, else from `read`. The version
     * is read before `read` runs: a change landing meanwhile replaces it, so what `read` saw is
     * never kept under the newer version.
     */
    async of<T>(staffId: number, read: () => Promise<T>): Promise<T> {
      const v = await version();
      const hit = entries.get(staffId) as Entry<T> | undefined;
      if (v && hit && hit.version === v && Date.now() - hit.at < MAX_AGE_MS)
        return hit.value;
      const value = await read();
      if (!v) return value;
      if (entries.size >= MAX_ENTRIES && !entries.has(staffId))
        entries.delete(entries.keys().next().value!);
      entries.set(staffId, { version: v, at: Date.now(), value });
      return value;
    },

    /** After a change to accounts, roles or permissions has been committed: every entry everywhere is stale. */
    async changed(): Promise<void> {
      entries.clear();
      await kv.set(
        VERSION_KEY,
        randomBytes(12).toString("base64url"),
        VERSION_TTL_SECONDS,
      );
    },
  };
}
export type StaffGrants = ReturnType<typeof createStaffGrants>;
