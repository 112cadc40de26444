import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewCounter } from './view-counter.ts';

afterEach(() => vi.useRealTimers());

describe('ViewCounter', () => {
  it('adds the counts up per id and writes them in one batch', async () => {
    const writes: [number, number][][] = [];
    const counter = new ViewCounter(async (c) => void writes.push([...c]), () => {});
    counter.add(1);
    counter.add(2);
    counter.add(1);
    await counter.flush();
    await counter.flush();
    expect(writes).toEqual([[[1, 2], [2, 1]]]);
    await counter.close();
  });

  it('keeps the counts of a failed write for the next one', async () => {
    let fail = true;
    const writes: [number, number][][] = [];
    const counter = new ViewCounter(async (c) => {
      if (fail) throw new Error('database busy');
      writes.push([...c]);
    }, () => {});
    counter.add(7);
    await expect(counter.flush()).rejects.toThrow('database busy');
    counter.add(7);
    fail = false;
    await counter.close();
    expect(writes).toEqual([[[7, 2]]]);
  });

  it('flushes on its own every interval and reports failures', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const written: number[] = [];
    const counter = new ViewCounter(async (c) => {
      if (c.has(0)) throw new Error('boom');
      written.push(...c.keys());
    }, (e) => errors.push(e), 100);
    counter.add(3);
    await vi.advanceTimersByTimeAsync(100);
    expect(written).toEqual([3]);
    counter.add(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(errors).toHaveLength(1);
    await counter.close().catch(() => {});
  });
});
