import { MemoryKv, type Kv } from '../store/kv.ts';

/**
 * A counter that every change of public content bumps (a published notice, a public appeal that
 * was answered, a new proclamation...). The page cache keys pages by it, so a bump purges every
 * cached page at once, on every instance sharing the kv store.
 */
const KEY = 'content-version';
const TTL = 365 * 86_400;

export async function contentVersion(kv: Kv): Promise<string> {
  return (await kv.get(KEY)) ?? '0';
}

/** The content version without waiting, when the kv store is this process's memory; otherwise null. */
export function contentVersionNow(kv: Kv, now: number): string | null {
  return kv instanceof MemoryKv ? (kv.peek(KEY, now) ?? '0') : null;
}

export async function bumpContentVersion(kv: Kv): Promise<void> {
  await kv.incr(KEY, TTL);
}
