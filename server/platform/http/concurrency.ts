/**
 * At most `limit` of the given tasks run at once; the others wait their turn, first come first
 * served. For work that holds a large buffer or a thread while it runs.
 */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, or give it back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
