import type { Kv } from '../store/kv.ts';

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

export async function bumpContentVersion(kv: Kv): Promise<void> {
  await kv.incr(KEY, TTL);
}
