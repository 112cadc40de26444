import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';
import { auditWriter } from './audit-writer.ts';

/** The database, counting the statements sent through it. */
function counting(db: Db) {
  const sent = { statements: 0 };
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop === 'executeQuery') return (...args: Parameters<Db['executeQuery']>) => (sent.statements++, target.executeQuery(...args));
      // Kysely's classes keep private fields: their methods must run on the real object.
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, sent };
}

const entry = (loginName: string, n: number) => ({ action: 'notice.save', actorType: 'staff' as const, loginName, objectType: 'notice', objectId: String(n), result: 'ok' as const, ip: '10.0.0.7' });

const rowsOf = (db: Db, loginName: string) => db.selectFrom('auditLog').select(['id', 'objectId', 'at']).where('loginName', '=', loginName).orderBy('id').execute();

describeEachDb('audit rows written in groups', (t) => {
  it('writes rows that arrive together in a few statements, every one of them, in the order they came', async () => {
    const { db, sent } = counting(t().db);
    const record = auditWriter(db);
    await Promise.all(Array.from({ length: 150 }, (_, n) => record(entry('grouped', n))));
    // Once the promises settle the rows are there: nobody is told before the commit.
    const rows = await rowsOf(t().db, 'grouped');
    expect(rows.map((r) => r.objectId)).toEqual(Array.from({ length: 150 }, (_, n) => String(n)));
    expect(rows.map((r) => r.at)).toEqual(rows.map((r) => r.at).sort());
    // The first row alone, then the rest in groups of at most 100.
    expect(sent.statements).toBe(3);

    await record(entry('alone', 1));
    expect((await rowsOf(t().db, 'alone')).map((r) => r.objectId)).toEqual(['1']);
    expect(sent.statements).toBe(4);
  });

  it('fails every caller of a group whose insert fails, and writes the rows after it', async () => {
    const record = auditWriter(t().db);
    await sql`alter table audit_log rename to audit_log_away`.execute(t().db);
    const failed = await Promise.allSettled([record(entry('lost', 1)), record(entry('lost', 2)), record(entry('lost', 3))]);
    await sql`alter table audit_log_away rename to audit_log`.execute(t().db);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected']);

    await record(entry('after', 1));
    expect((await rowsOf(t().db, 'after')).map((r) => r.objectId)).toEqual(['1']);
    expect(await rowsOf(t().db, 'lost')).toEqual([]);
  });

  it('refuses an entry it cannot write to its caller alone', async () => {
    const record = auditWriter(t().db);
    const bad = { ...entry('bad', 1), ip: undefined as unknown as string };
    const [refused, written] = await Promise.allSettled([record(bad), record(entry('good', 2))]);
    expect(refused.status).toBe('rejected');
    expect(written.status).toBe('fulfilled');
    expect((await rowsOf(t().db, 'good')).map((r) => r.objectId)).toEqual(['2']);
  });

  it('writes what a request sent with a NUL character as \\0, without failing the rows of its group', async () => {
    const record = auditWriter(t().db);
    // PostgreSQL refuses U+0000 in text: written as it came, the first row would fail the whole group.
    const hostile = { ...entry('nul', 1), objectId: 'a\u0000b', detail: '\u0000' };
    await Promise.all([record(hostile), record(entry('nul', 2)), record(entry('nul', 3))]);
    expect((await rowsOf(t().db, 'nul')).map((r) => r.objectId)).toEqual(['a\\0b', '2', '3']);
  });
});
