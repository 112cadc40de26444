/** One slot of a numbered pager: a page number or a gap. */
export type PageSlot = number | 'gap';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/**
 * The numbers a pager shows: always the first and last page, the current one with `around`
 * neighbours on each side, and a gap wherever pages are left out (a gap never hides one page).
 */
export function pageSlots(current: number, pages: number, around = 2): PageSlot[] {
  const lo = Math.max(1, current - around);
  const hi = Math.min(pages, current + around);
  const slots: PageSlot[] = [];
  const push = (n: number) => slots.push(n);
  if (lo > 1) push(1);
  if (lo === 3) push(2);
  else if (lo > 3) slots.push('gap');
  for (let n = lo; n <= hi; n++) push(n);
  if (hi === pages - 2) push(pages - 1);
  else if (hi < pages - 2) slots.push('gap');
  if (hi < pages) push(pages);
  return slots;
}

/**
 * The URL of the same list with some parameters changed: empty values and page 1 are dropped, so
 * that every state has one short, shareable address.
 */
export function listHref(pathname: string, search: string | URLSearchParams, patch: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  if (params.get('currentPage') === '1') params.delete('currentPage');
  for (const [key, value] of [...params]) if (value.trim() === '') params.delete(key);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
