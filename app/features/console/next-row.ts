/**
 * The row to open after a step on `actedId` (which stood at `actedAt` on this page), in the page
 * as it reads after the step: the first row after it that still has a step to take, or, where the
 * step took it out of the list, from its place on. `more` tells whether a later page exists:
 * then 'next-page'; else the page starts again at the top; null when nothing is left to do.
 */
export function nextRow<T extends { id: number }>(rows: readonly T[], actedId: number, actedAt: number, canAct: (row: T) => boolean, more: boolean): T | 'next-page' | null {
  const still = rows.findIndex((r) => r.id === actedId);
  const from = still >= 0 ? still + 1 : Math.min(actedAt, rows.length);
  const open = (r: T) => r.id !== actedId && canAct(r);
  const after = rows.slice(from).find(open);
  if (after) return after;
  if (more) return 'next-page';
  return rows.slice(0, from).find(open) ?? null;
}
