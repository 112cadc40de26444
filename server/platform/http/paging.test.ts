import { afterEach, expect, it, vi } from 'vitest';
import { LIST_COUNT_CAP } from '#contract/paging.ts';
import { pastCapMemo, totalOfShortPage, type ListTotal } from './paging.ts';

afterEach(() => vi.useRealTimers());

/** A count that says what it was asked to and how often it ran. */
function counter(result: ListTotal) {
  const count = vi.fn(async () => result);
  return count;
}

it('counts a list past the cap once a minute, and one under the cap every time', async () => {
  vi.useFakeTimers();
  const total = pastCapMemo();
  const broad = counter({ total: LIST_COUNT_CAP, capped: true });
  const narrow = counter({ total: 42, capped: false });

  for (let page = 0; page < 3; page++) {
    expect(await total({ status: 'all' }, broad)).toEqual({ total: LIST_COUNT_CAP, capped: true });
    expect(await total({ status: 'done' }, narrow)).toEqual({ total: 42, capped: false });
  }
  expect(broad).toHaveBeenCalledTimes(1);
  expect(narrow).toHaveBeenCalledTimes(3);

  // After the minute the broad list is counted again: had it fallen under the cap, it would say so.
  vi.advanceTimersByTime(60_001);
  const fallen = counter({ total: 9_000, capped: false });
  expect(await total({ status: 'all' }, fallen)).toEqual({ total: 9_000, capped: false });
  expect(await total({ status: 'all' }, fallen)).toEqual({ total: 9_000, capped: false });
  expect(fallen).toHaveBeenCalledTimes(2);
});

it('remembers a bounded number of filters, forgetting the oldest first', async () => {
  const total = pastCapMemo({ entries: 2 });
  const broad = counter({ total: LIST_COUNT_CAP, capped: true });
  for (const keyword of ['a', 'b', 'c']) await total({ keyword }, broad);
  await total({ keyword: 'c' }, broad);
  await total({ keyword: 'b' }, broad);
  expect(broad).toHaveBeenCalledTimes(3);
  await total({ keyword: 'a' }, broad);
  expect(broad).toHaveBeenCalledTimes(4);
});

it('counts a filter exactly once its last count was under the cap, and with the cap again once it was past it', async () => {
  vi.useFakeTimers();
  const total = pastCapMemo();
  const results: ListTotal[] = [
    { total: 42, capped: false },
    { total: 43, capped: false },
    { total: LIST_COUNT_CAP, capped: true },
    { total: 9_000, capped: false },
  ];
  const count = vi.fn(async (_exact: boolean) => results.shift()!);
  await total({ status: 'done' }, count);
  await total({ status: 'done' }, count);
  await total({ status: 'done' }, count);
  vi.advanceTimersByTime(60_001);
  await total({ status: 'done' }, count);
  expect(count.mock.calls.map(([exact]) => exact)).toEqual([false, true, true, false]);
});

it('takes the total from a short page that ends the list, and leaves a full or past-the-end page to the count', () => {
  expect(totalOfShortPage(5, { currentPage: 3, pageSize: 10 })).toEqual({ total: 25, capped: false });
  expect(totalOfShortPage(0, { currentPage: 1, pageSize: 10 })).toEqual({ total: 0, capped: false });
  expect(totalOfShortPage(10, { currentPage: 3, pageSize: 10 })).toBeNull();
  expect(totalOfShortPage(0, { currentPage: 4, pageSize: 10 })).toBeNull();
  expect(totalOfShortPage(3, { currentPage: 501, pageSize: 20 })).toEqual({ total: LIST_COUNT_CAP, capped: true });
});

it('with a write version, keeps an exact total until the tables change or a few seconds pass', async () => {
  vi.useFakeTimers();
  let writes = 0;
  const total = pastCapMemo({ version: () => String(writes), exactTtlMs: 5_000 });
  const results: ListTotal[] = [
    { total: 6_378, capped: false },
    { total: 6_377, capped: false },
    { total: 6_380, capped: false },
  ];
  const count = vi.fn(async (_exact: boolean) => results.shift()!);
  const waiting = { status: 'submitted' };

  expect(await total(waiting, count)).toEqual({ total: 6_378, capped: false });
  expect(await total(waiting, count)).toEqual({ total: 6_378, capped: false });
  expect(count).toHaveBeenCalledTimes(1);

  // A review in this process: the next page says the new total.
  writes++;
  expect(await total(waiting, count)).toEqual({ total: 6_377, capped: false });
  expect(await total(waiting, count)).toEqual({ total: 6_377, capped: false });
  expect(count).toHaveBeenCalledTimes(2);

  // Writes it cannot see (another instance, a deadline passing) show within the few seconds.
  vi.advanceTimersByTime(5_001);
  expect(await total(waiting, count)).toEqual({ total: 6_380, capped: false });
  expect(count.mock.calls.map(([exact]) => exact)).toEqual([false, true, true]);
});

it('counts again when a write lands while a count is under way', async () => {
  let writes = 0;
  const total = pastCapMemo({ version: () => String(writes) });
  const count = vi.fn(async () => {
    writes++; // the write commits while the count reads
    return { total: 10, capped: false };
  });
  await total({}, count);
  await total({}, count);
  expect(count).toHaveBeenCalledTimes(2);
});
