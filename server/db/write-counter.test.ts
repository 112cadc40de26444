import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDb, testDatabases } from '#tests/helpers/test-app.ts';
import { writeVersion, type Db } from './database.ts';
import type { TableName } from './write-counter.ts';

describe.each(testDatabases)('按表计数写入（%s）', (kind) => {
  let db: Db;
  let close: () => Promise<void>;
  // Two tables of the test's own, named as a camelCase schema name would be.
  const noticeItem = () => writeVersion(db, ['noticeItem' as TableName])!();
  const otherItem = () => writeVersion(db, ['otherItem' as TableName])!();
  const any = () => db as unknown as Kysely<any>;

  beforeAll(async () => {
    ({ db, close } = await emptyTestDb(kind, 2));
    await sql`create table notice_item (id integer primary key, title text not null)`.execute(db);
    await sql`create table other_item (id integer primary key)`.execute(db);
  });

  afterAll(() => close());

  it('changes with every insert, update and delete of the table, and not with reads or other tables', async () => {
    const seen = [noticeItem()];
    const step = () => {
      seen.push(noticeItem());
      return seen.at(-1) !== seen.at(-2);
    };
    await any().insertInto('noticeItem').values({ id: 1, title: '通知一' }).execute();
    expect(step()).toBe(true);
    await any().updateTable('noticeItem as n').set({ title: '通知一（修订）' }).where('n.id', '=', 1).execute();
    expect(step()).toBe(true);
    await any().selectFrom('noticeItem').selectAll().execute();
    expect(step()).toBe(false);
    const before = otherItem();
    await any().insertInto('otherItem').values({ id: 1 }).execute();
    expect(step()).toBe(false);
    expect(otherItem()).not.toBe(before);
    await any().transaction().execute((trx) => trx.deleteFrom('noticeItem').where('id', '=', 1).execute());
    expect(step()).toBe(true);
  });

  it('does not change for a write that failed', async () => {
    const before = noticeItem();
    await expect(any().insertInto('noticeItem').values({ id: 2, title: null }).execute()).rejects.toThrow();
    expect(noticeItem()).toBe(before);
  });
});
