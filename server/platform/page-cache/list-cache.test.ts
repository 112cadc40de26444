import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListCache } from './list-cache.ts';

afterEach(() => vi.useRealTimers());

describe('ListCache', () => {
  it('shares one load between concurrent callers and keeps the answer until it expires', async () => {
    vi.useFakeTimers();
    const cache = new ListCache(10, 1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await cache.get('k', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('forgets a failed load, and the least recently used entry when full', async () => {
    const cache = new ListCache(2, 60_000);
    await expect(cache.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', async () => 'ok')).toBe('ok');
    await cache.get('a', async () => 'a1');
    await cache.get('bad', async () => 'unused'); // touch: 'a' is now the oldest
    await cache.get('c', async () => 'c1');
    expect(await cache.get('bad', async () => 'reloaded')).toBe('ok');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
  });
});
