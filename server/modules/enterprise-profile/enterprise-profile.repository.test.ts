import { expect, it } from 'vitest';
import { planOf } from '#tests/helpers/query-plan.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';
import { enterprisesChangedSince, profileChangesSinceQuery } from './enterprise-profile.repository.ts';

/** What the push reads every 2 s: the enterprises whose profile changed since its last run. */
describeEachDb('一企一档：最近改过画像的企业', (t) => {
  it('names each enterprise once with its latest change, a cleared value too, only those changed after the time asked, through the index on changed_at', async () => {
    const db = t().db;
    const [a, b, c] = await db
      .insertInto('enterprise')
      .values([1, 2, 3].map((i) => ({ name: `画像变更测试企业${i}有限公司`, uscc: `91310000MC${String(i).padStart(8, '0')}`, contactName: '测试', contactPhone: '02100000000' })))
      .returning('id')
      .execute();
    const change = (enterpriseId: number, attr: string, valueAfter: string | null, changedAt: string) => ({
      enterpriseId,
      attr,
      source: 'self',
      department: null,
      valueBefore: '1',
      valueAfter,
      userId: null,
      importId: null,
      changedAt,
    });
    await db
      .insertInto('enterpriseAttributeChange')
      .values([
        change(a.id, 'employees', '2', '2026-11-01T08:00:00.000Z'),
        change(a.id, 'revenue', '3', '2026-11-03T08:00:00.000Z'),
        change(a.id, 'rdRatio', '4', '2026-11-02T08:00:00.000Z'),
        change(b.id, 'employees', '5', '2026-10-01T08:00:00.000Z'),
        change(c.id, 'revenue', null, '2026-11-02T09:00:00.000Z'),
      ])
      .execute();

    const changed = await enterprisesChangedSince(db, '2026-10-31T00:00:00.000Z');
    expect(changed.sort((x, y) => x.enterpriseId - y.enterpriseId)).toEqual([
      { enterpriseId: a.id, at: '2026-11-03T08:00:00.000Z' },
      { enterpriseId: c.id, at: '2026-11-02T09:00:00.000Z' },
    ]);
    expect(await enterprisesChangedSince(db, '2026-11-03T08:00:00.000Z')).toEqual([]);
    // A GROUP BY in SQL made SQLite walk every row in enterprise order (SCAN) instead of the recent ones.
    if (t().kind === 'sqlite')
      expect(await planOf(t(), profileChangesSinceQuery(db, '2026-11-03T08:00:00.000Z'))).toMatch(/SEARCH enterprise_attribute_change USING COVERING INDEX enterprise_attribute_change_at_idx/);
  });
});
