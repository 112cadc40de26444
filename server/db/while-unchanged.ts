/**
 * Figures derived from tables (the dashboard's counts, the projects with what waits in each),
 * kept per key while `version` (db/database.ts `writeVersion` of the tables they are counted
 * from) stays the same, and for `ttlMs` at most: this process's own writes show at once, another
 * instance's writes and a deadline passing (超期) within `ttlMs`. A figure is handed out as kept,
 * so callers must not change it. Without a version (a handle not made by createDb) nothing is kept.
 */
export function whileUnchanged<T>(version: (() => string) | undefined, { ttlMs = 5_000, entries = 200 } = {}) {
  const known = new Map<string, { until: number; version: string; value: T }>();
  return async function figure(key: string, compute: () => Promise<T>): Promise<T> {
    if (!version) return compute();
    // Read before computing: a write meanwhile makes the next call compute again.
    const before = version();
    const hit = known.get(key);
    if (hit && hit.until > Date.now() && hit.version === before) return hit.value;
    const value = await compute();
    known.delete(key);
    known.set(key, { until: Date.now() + ttlMs, version: before, value });
    if (known.size > entries) known.delete(known.keys().next().value!);
    return value;
  };
}
