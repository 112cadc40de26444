import type { Db } from '#server/db/database.ts';
import * as repo from './enterprise-profile.repository.ts';

/**
 * A save stamped just before a look can commit just after it, with a stamp older than the look:
 * each look reads the changes since the last one less this margin, and reports those not yet
 * seen at that stamp.
 */
const CHANGE_MARGIN_MS = 10_000;

export interface ProfileChangeLook {
  /** The watch's first look: nothing seen before, so the caller reads every enterprise instead. */
  first: boolean;
  /** Enterprises whose profile changed since the last look done (empty on the first). */
  changed: number[];
  /** The caller has acted on this look: the next reports only what changed after it. Not called (a failure), the next looks again. */
  done(): void;
}

/**
 * Which enterprises' profiles changed since the last look, from 画像变更 (a cleared value
 * leaves a row there too), each change reported once. The push and the kept values of every
 * enterprise each keep one.
 */
export function watchProfileChanges(db: Db) {
  let lookedAt: number | null = null;
  /** Enterprises changed within the margin, at the stamp they were reported. */
  const seen = new Map<number, string>();
  return {
    async look(): Promise<ProfileChangeLook> {
      const now = Date.now();
      const first = lookedAt === null;
      const since = new Date((lookedAt ?? now) - CHANGE_MARGIN_MS).toISOString();
      const changes = await repo.enterprisesChangedSince(db, since);
      return {
        first,
        changed: first ? [] : changes.filter((c) => seen.get(c.enterpriseId) !== c.at).map((c) => c.enterpriseId),
        done() {
          lookedAt = now;
          for (const c of changes) seen.set(c.enterpriseId, c.at);
          for (const [id, at] of seen) if (at <= since) seen.delete(id);
        },
      };
    },
  };
}
