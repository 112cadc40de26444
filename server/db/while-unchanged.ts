/** How long a figure holds, and whether a write to its tables ends it sooner. */
export interface Keep {
  ms: number;
  despiteWrites?: boolean;
}

/**
 * Figures derived from tables (the dashboard's counts, the projects with what waits in each, the
 * queues' totals), kept per key while `version` (db/database.ts `writeVersion` of the tables they
 * are counted from) stays the same, and for `ttlMs` at most: this process's own writes show at
 * once, another instance's writes and a deadline passing (超期) within `ttlMs`. `keep` may decide
 * per figure instead (paging.ts `pastCapMemo`). `compute` is handed the key's last figure, even an
 * expired one. A figure is handed out as kept, so callers must not change it. Without a version
 * (a handle not made by createDb) a figure is kept only as far as `keep` says.
 */
export function whileUnchanged<T>(
  version: (() => string) | undefined,
  { ttlMs = 5_000, entries = 200, keep }: { ttlMs?: number; entries?: number; keep?: (value: T) => Keep } = {},
) {
  const known = new Map<string, { until: number; version: string; value: T; despiteWrites: boolean }>();
  return async function figure(key: string, compute: (last: T | undefined) => Promise<T>): Promise<T> {
    // Read before computing: a write meanwhile makes the next call compute again.
    const before = version?.() ?? '';
    const hit = known.get(key);
    if (hit && hit.until > Date.now() && (hit.despiteWrites || hit.version === before)) return hit.value;
    const value = await compute(hit?.value);
    const { ms, despiteWrites = false } = keep?.(value) ?? { ms: version ? ttlMs : 0 };
    known.delete(key);
    known.set(key, { until: Date.now() + ms, version: before, value, despiteWrites });
    if (known.size > entries) known.delete(known.keys().next().value!);
    return value;
  };
}
