/**
 * A least-recently-used map bounded by bytes, with a deadline per entry. Pages vary in size, so
 * a count bound would not bound memory.
 */
export class PageLru<V extends { size: number }> {
  private readonly map = new Map<string, { value: V; until: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.until <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    // Re-insert: a Map iterates oldest first, so the front is always the least recently used.
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  set(key: string, value: V, until: number): void {
    if (value.size > this.maxBytes / 4) return; // one huge page must not flush the rest
    this.delete(key);
    this.map.set(key, { value, until });
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
