import { describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, recordId } from './envelope.ts';

describe('recordId', () => {
  const id = recordId('请选择一条记录');

  it('takes a whole number in the databases’ range, or one written as digits', () => {
    expect([5, '5', ' 7 ', MAX_RECORD_ID].map((v) => id.parse(v))).toEqual([5, 5, 7, MAX_RECORD_ID]);
  });

  it('refuses everything else with its message, and turns nothing else into a number', () => {
    for (const v of [true, false, null, '', 'abc', '1e3', '-1', 0, 1.5, MAX_RECORD_ID + 1, ['5'], [5], {}]) {
      expect(id.safeParse(v).error?.issues[0]?.message, JSON.stringify(v)).toBe('请选择一条记录');
    }
  });
});
