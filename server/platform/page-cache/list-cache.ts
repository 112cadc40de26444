/**
 * Answers of list queries (pages and counts), kept a short while under a key that holds the
 * content version: a repeated list page or count over 100,000 rows costs a map lookup, and a
 * bump of the content version (any write that changes what lists show) retires every entry at
 * once. Concurrent misses of one key share one query. Bounded by entries, oldest out first.
 */
export class ListCache {
  private readonly map = new Map<string, { value: Promise<unknown>; until: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.map.get(key);
    this.map.delete(key);
    if (hit && hit.until > now) {
      this.map.set(key, hit);
      return hit.value as Promise<T>;
    }
    const entry = { value: load(), until: now + this.ttlMs };
    this.map.set(key, entry);
    entry.value.catch(() => {
      if (this.map.get(key) === entry) this.map.delete(key);
    });
    while (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value!);
    return entry.value as Promise<T>;
  }
}
