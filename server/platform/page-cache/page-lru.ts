/**
 * A least-recently-used map bounded by bytes, with a deadline per entry. Pages vary in size, so
 * a count bound would not bound memory. Nearly LRU: an entry read is moved to the young end only
 * once it has drifted into the older half, so a hot page is not deleted and re-inserted on every
 * hit (that Map churn showed in the CPU profile of cached hits, docs/decisions.md "Page cache hits before Fastify"); an entry read is still
 * never evicted before half the map has been written or moved since.
 */
export class PageLru<V extends { size: number }> {
  private readonly map = new Map<string, { value: V; until: number; tick: number }>();
  private bytes = 0;
  /** Counts insertions: an entry's `tick` minus this bounds how many entries stand after it. */
  private ticks = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.until <= now) {
      this.delete(key);
      return undefined;
    }
    // Re-insert: a Map iterates oldest first, so the front is always the least recently used.
    if (this.ticks - e.tick > this.map.size / 2) {
      this.map.delete(key);
      e.tick = ++this.ticks;
      this.map.set(key, e);
    }
    return e.value;
  }

  set(key: string, value: V, until: number): void {
    if (value.size > this.maxBytes / 4) return; // one huge page must not flush the rest
    this.delete(key);
    this.map.set(key, { value, until, tick: ++this.ticks });
    this.bytes += value.size;
    while (this.bytes > this.maxBytes) this.delete(this.map.keys().next().value!);
  }

  delete(key: string): void {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.bytes -= e.value.size;
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.map.size;
  }
}
