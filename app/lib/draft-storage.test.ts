import { describe, expect, it } from 'vitest';
import { createDraftStore, DRAFT_PREFIX, DRAFT_TTL_MS, hasContent, type DraftBackend } from './draft-storage.ts';

function memory(): DraftBackend & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('draft storage', () => {
  it('keeps a draft with the time it was saved, under its own prefix', () => {
    const backend = memory();
    const store = createDraftStore(backend, () => Date.parse('2026-03-02T01:00:00Z'));
    store.save('appeal-form', { title: '用工需求', attachments: [{ name: '说明.pdf', path: 'k1' }] });
    expect([...backend.map.keys()]).toEqual([`${DRAFT_PREFIX}appeal-form`]);
    expect(store.load('appeal-form')).toEqual({
      value: { title: '用工需求', attachments: [{ name: '说明.pdf', path: 'k1' }] },
      savedAt: '2026-03-02T01:00:00.000Z',
    });
  });

  it('drops a draft older than a week', () => {
    const backend = memory();
    let now = Date.parse('2026-03-02T01:00:00Z');
    const store = createDraftStore(backend, () => now);
    store.save('k', { a: 1 });
    now += DRAFT_TTL_MS - 1;
    expect(store.load('k')).not.toBeNull();
    now += 2;
    expect(store.load('k')).toBeNull();
    expect(backend.map.size).toBe(0);
  });

  it('reads broken or foreign entries as no draft and removes them', () => {
    const backend = memory();
    backend.map.set(`${DRAFT_PREFIX}bad`, '{not json');
    backend.map.set(`${DRAFT_PREFIX}foreign`, JSON.stringify({ hello: 1 }));
    const store = createDraftStore(backend);
    expect(store.load('bad')).toBeNull();
    expect(store.load('foreign')).toBeNull();
    expect(backend.map.has(`${DRAFT_PREFIX}foreign`)).toBe(false);
  });

  it('clears a draft, and works as a no-op without storage', () => {
    const backend = memory();
    const store = createDraftStore(backend);
    store.save('k', 'x');
    store.clear('k');
    expect(store.load('k')).toBeNull();
    const none = createDraftStore(null);
    none.save('k', 'x');
    expect(none.load('k')).toBeNull();
  });

  it('survives a storage that refuses writes', () => {
    const store = createDraftStore({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    });
    expect(() => store.save('k', 'x')).not.toThrow();
  });

  it('tells whether a draft holds anything typed', () => {
    expect(hasContent({ title: '  ', attachments: [], isPublic: false, type: null })).toBe(false);
    expect(hasContent({ title: '', content: '厂房漏水' })).toBe(true);
    expect(hasContent({ materials: [{ files: [] }] })).toBe(false);
    expect(hasContent({ materials: [{ files: [{ name: 'a.pdf', path: 'p' }] }] })).toBe(true);
  });
});
