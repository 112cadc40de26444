export interface Sorted {
  id: number | string;
  sort: number;
}

/** What `<domain>/sort` takes (console-list.ts sortOrderSchema; the dictionary's ids are strings). */
export interface NewOrder<R extends Sorted> {
  items: { id: R['id']; sort: number }[];
}

/**
 * The new order after moving `row` one place up or down among the rows on this page (those of
 * its group, when `sameGroup` is given): the two rows swap their sort numbers (or, when equal,
 * the moved one goes just before/after). Null when there is nowhere to go.
 */
export function swapOrder<R extends Sorted>(rows: readonly R[], row: R, step: -1 | 1, sameGroup: (a: R, b: R) => boolean = () => true): NewOrder<R> | null {
  const same = rows.filter((r) => sameGroup(r, row));
  const other = same[same.indexOf(row) + step];
  if (!other) return null;
  if (other.sort !== row.sort) return { items: [{ id: row.id, sort: other.sort }, { id: other.id, sort: row.sort }] };
  const [first, second] = step < 0 ? [row, other] : [other, row];
  return { items: [{ id: first.id, sort: row.sort }, { id: second.id, sort: row.sort + 1 }] };
}
