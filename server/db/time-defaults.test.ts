import { expect, it } from 'vitest';
import { down, up } from '#server/db/migrations/0022_iso_time_defaults.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

/** A time as the app writes it (`Date#toISOString`), which browsers read as UTC wherever they are. */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describeEachDb('times the database writes itself', (t) => {
  it('are ISO 8601 UTC, like the times the app writes', async () => {
    const before = Date.now();
    const { id } = await t().db.insertInto('notice').values({ title: '时间', content: 'x', publishAt: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    const row = await t().db.selectFrom('notice').select(['createdAt', 'updatedAt']).where('id', '=', id).executeTakeFirstOrThrow();
    for (const at of [row.createdAt, row.updatedAt]) {
      expect(at).toMatch(ISO_UTC);
      // PostgreSQL's now() is the start of the transaction: within the test's own seconds.
      expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1_000);
      expect(Date.parse(at)).toBeLessThanOrEqual(Date.now() + 1_000);
    }
    // A row a migration wrote before 0022 ran.
    const setting = await t().db.selectFrom('setting').select('updatedAt').where('key', '=', 'cache_version').executeTakeFirstOrThrow();
    expect(setting.updatedAt).toMatch(ISO_UTC);
  });

  it('are rewritten to ISO 8601 UTC where an older database holds them as CURRENT_TIMESTAMP wrote them', async () => {
    const db = t().db;
    const { id } = await db.insertInto('notice').values({ title: '旧时间', content: 'x', publishAt: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    await down(db);
    // What CURRENT_TIMESTAMP wrote into a text column: no zone on SQLite, the session's zone on PostgreSQL.
    const old = t().kind === 'postgres' ? '2026-11-26 21:42:01.123456+08' : '2026-11-26 13:42:01';
    await db.updateTable('notice').set({ createdAt: old }).where('id', '=', id).execute();
    await up(db);
    const row = await db.selectFrom('notice').select('createdAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.createdAt).toBe(t().kind === 'postgres' ? '2026-11-26T13:42:01.123Z' : '2026-11-26T13:42:01.000Z');
  });
});
