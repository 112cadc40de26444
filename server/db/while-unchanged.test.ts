import { afterEach, expect, it, vi } from 'vitest';
import { whileUnchanged } from './while-unchanged.ts';

afterEach(() => vi.useRealTimers());

it('keeps a figure per key until the tables are written or the seconds pass', async () => {
  vi.useFakeTimers();
  let writes = 0;
  let counted = 0;
  const figure = whileUnchanged<number>(() => String(writes), { ttlMs: 5_000 });
  const count = async () => ++counted;

  expect(await figure('a', count)).toBe(1);
  expect(await figure('a', count)).toBe(1);
  expect(await figure('b', count)).toBe(2);
  writes++;
  expect(await figure('a', count)).toBe(3);
  vi.advanceTimersByTime(5_001);
  expect(await figure('a', count)).toBe(4);
});

it('computes again when a write lands during the computation, and every time without a version', async () => {
  let writes = 0;
  const figure = whileUnchanged<number>(() => String(writes));
  const racing = vi.fn(async () => ++writes);
  await figure('a', racing);
  await figure('a', racing);
  expect(racing).toHaveBeenCalledTimes(2);

  const unversioned = whileUnchanged<number>(undefined);
  const count = vi.fn(async () => 1);
  await unversioned('a', count);
  await unversioned('a', count);
  expect(count).toHaveBeenCalledTimes(2);
});
