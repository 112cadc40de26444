import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency.ts';

describe('concurrencyLimit', () => {
  it('runs at most the limit at once, in arrival order, and passes results and errors through', async () => {
    const run = concurrencyLimit(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      if (i === 3) throw new Error('第 3 个失败');
      return i * 10;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => run(task(i))));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([0, 10, 20, '第 3 个失败', 40, 50]);
    // A failed task gave its slot back: the limiter still runs two at once.
    active = 0;
    peak = 0;
    await Promise.all([6, 7, 8].map((i) => run(task(i))));
    expect(peak).toBe(2);
  });
});
