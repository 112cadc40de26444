import type { QueueNext } from '#contract/queue-next.ts';

/**
 * The item after `id` in a list, given the id at each place of it (`idAt`, from 0) under the list's
 * own filters and order (docs/console.md "下一条"). Where the item still stands at `at`, the next
 * is the one after it; where the step took it out of the list (受理 leaves 待受理), the next has
 * moved up into its place. Past the end the list starts again at the top, so what is left before
 * the place is not skipped; null when nothing but `id` is left.
 */
export async function nextInQueue(idAt: (at: number) => Promise<number | null>, id: number, at: number): Promise<QueueNext> {
  const here = await idAt(at);
  if (here !== null && here !== id) return { id: here, at };
  if (here === id) {
    const after = await idAt(at + 1);
    if (after !== null) return { id: after, at: at + 1 };
  }
  if (at === 0 && here === null) return null;
  const head = await idAt(0);
  if (head === null || head === id) {
    const second = head === id ? await idAt(1) : null;
    return second !== null ? { id: second, at: 1 } : null;
  }
  return { id: head, at: 0 };
}
