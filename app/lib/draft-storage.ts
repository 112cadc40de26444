/**
 * Form drafts kept in the browser (localStorage), so that nothing typed is lost to an expired
 * session, a trip through the login page or a closed tab. Drafts carry the time they were saved
 * and expire after a week; a broken or foreign entry reads as "no draft", never as an error.
 */
export const DRAFT_PREFIX = 'portal:draft:';
export const DRAFT_TTL_MS = 7 * 24 * 3600_000;

export interface Draft<T> {
  value: T;
  savedAt: string;
}

/** The part of the Web Storage API a draft store needs (localStorage, or a map in tests). */
export type DraftBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DraftStore {
  load<T>(key: string): Draft<T> | null;
  save<T>(key: string, value: T): void;
  clear(key: string): void;
}

export function createDraftStore(backend: DraftBackend | null, now: () => number = Date.now, ttlMs = DRAFT_TTL_MS): DraftStore {
  const full = (key: string) => DRAFT_PREFIX + key;
  return {
    load<T>(key: string): Draft<T> | null {
      if (!backend) return null;
      try {
        const raw = backend.getItem(full(key));
        if (!raw) return null;
        const parsed = JSON.parse(raw) as Partial<Draft<T>>;
        const savedAt = typeof parsed.savedAt === 'string' ? Date.parse(parsed.savedAt) : NaN;
        if (!('value' in parsed) || Number.isNaN(savedAt) || now() - savedAt > ttlMs) {
          backend.removeItem(full(key));
          return null;
        }
        return { value: parsed.value as T, savedAt: parsed.savedAt as string };
      } catch {
        return null;
      }
    },
    save<T>(key: string, value: T) {
      if (!backend) return;
      try {
        backend.setItem(full(key), JSON.stringify({ value, savedAt: new Date(now()).toISOString() }));
      } catch {
        // Storage full or disabled (private mode): the form still works, only without a local copy.
      }
    },
    clear(key: string) {
      try {
        backend?.removeItem(full(key));
      } catch {
        // as above
      }
    },
  };
}

/** The browser's store; on the server (SSR) there is none and every call is a no-op. */
export function browserDrafts(): DraftStore {
  let backend: DraftBackend | null = null;
  try {
    backend = typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    backend = null;
  }
  return createDraftStore(backend);
}

/** Whether a draft holds anything typed: empty strings, empty lists and nulls do not count. */
export function hasContent(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(hasContent);
  if (typeof value === 'object') return Object.values(value).some(hasContent);
  return true;
}
