import { isOutage } from '../outage.ts';
import { MemoryKv, type Kv } from '../store/kv.ts';

/**
 * A counter that every change of public content bumps (a published notice, a public appeal that
 * was answered, a new proclamation...). The page cache keys pages by it, so a bump purges every
 * cached page at once, on every instance sharing the kv store.
 */
const KEY = 'content-version';
const TTL = 365 * 86_400;

/** The last version each store answered: what this process goes on with while Redis is down. */
const lastKnown = new WeakMap<Kv, string>();

/**
 * With Redis down, the last version this process read (nobody can publish meanwhile: a bump needs
 * Redis too), so pages and the lists keyed by it keep being served (docs/operations.md "故障与恢复").
 */
export async function contentVersion(kv: Kv): Promise<string> {
  try {
    const version = (await kv.get(KEY)) ?? '0';
    lastKnown.set(kv, version);
    return version;
  } catch (err) {
    if (!isOutage(err)) throw err;
    return lastKnown.get(kv) ?? '0';
  }
}

/** The content version without waiting, when the kv store is this process's memory; otherwise null. */
export function contentVersionNow(kv: Kv, now: number): string | null {
  return kv instanceof MemoryKv ? (kv.peek(KEY, now) ?? '0') : null;
}

export async function bumpContentVersion(kv: Kv): Promise<void> {
  await kv.incr(KEY, TTL);
}
