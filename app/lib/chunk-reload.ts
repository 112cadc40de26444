/** Spec §8–§9: a failed chunk load reloads the page, at most once per 60 s. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
const KEY = 'portal:chunk-reload-at';

/** Messages browsers give when a dynamically imported module (a route chunk) cannot be fetched. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return typeof error === 'string' && CHUNK_ERROR.test(error);
  const e = error as { name?: unknown; message?: unknown };
  return e.name === 'ChunkLoadError' || (typeof e.message === 'string' && CHUNK_ERROR.test(e.message));
}

interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Reloads unless a reload for the same reason happened less than a window ago (a deploy that
 * removed old chunks heals with one reload; a broken network must not loop). Returns whether it
 * reloaded.
 */
export function reloadOnce(store: Store, now: number, reload: () => void): boolean {
  let last: number | null = null;
  try {
    last = Number(store.getItem(KEY)) || null;
  } catch {
    // Storage may be disabled (private mode, policies): reloading is still the best cure.
  }
  if (last !== null && last <= now && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  try {
    store.setItem(KEY, String(now));
  } catch {
    // see above
  }
  reload();
  return true;
}
