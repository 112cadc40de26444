import { describe, expect, it } from 'vitest';
import { nextRow } from './next-row.ts';

const rows = (...spec: [number, boolean][]) => spec.map(([id, open]) => ({ id, open }));
const canAct = (r: { open: boolean }) => r.open;

describe('下一条 on a list with dialogs', () => {
  it('opens the next row still to do after the one just done', () => {
    // 2 was done and is still on the page (核实 leaves it in 全部); 3 is done already, 4 waits.
    const page = rows([1, true], [2, true], [3, false], [4, true]);
    expect(nextRow(page, 2, 1, canAct, false)).toEqual({ id: 4, open: true });
  });

  it('takes the row that moved into the place of one the step took off the page', () => {
    // 2 stood at place 1; 答复 took it out of 待答复, so 3 stands there now.
    const page = rows([1, true], [3, true], [4, true]);
    expect(nextRow(page, 2, 1, canAct, false)).toEqual({ id: 3, open: true });
  });

  it('goes on to the next page when this one is done, else starts again at the top', () => {
    const page = rows([1, true], [2, true], [3, false]);
    expect(nextRow(page, 2, 1, canAct, true)).toBe('next-page');
    expect(nextRow(page, 2, 1, canAct, false)).toEqual({ id: 1, open: true });
  });

  it('says nothing is left when no other row waits', () => {
    expect(nextRow(rows([2, true], [3, false]), 2, 0, canAct, false)).toBeNull();
    expect(nextRow([], 2, 0, canAct, false)).toBeNull();
  });
});
