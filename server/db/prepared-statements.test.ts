import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDb, testDatabases } from '#tests/helpers/test-app.ts';
import type { Db } from './database.ts';
import { preparingPool } from './prepared-statements.ts';

/** The statements this connection holds prepared (PostgreSQL's own view of them). */
async function preparedTexts(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
  return rows.map((r) => r.statement);
}

describe.each(testDatabases)('语句缓存（%s）', (kind) => {
  let db: Db;
  let url: string | null;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // One connection, so that what it prepared is what the next query sees.
    ({ db, url, close } = await emptyTestDb(kind, 1));
    await sql`create table item (id integer primary key, title text not null)`.execute(db);
    await sql`insert into item (id, title) values (1, '通知一')`.execute(db);
  });

  afterAll(() => close());

  it('still answers a read after a migration changed the table under it', async () => {
    const read = () => sql<Record<string, unknown>>`select * from item where id = ${1}`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, title: '通知一' }]);
    expect((await read()).rows).toEqual([{ id: 1, title: '通知一' }]);
    await sql`alter table item add column pinned integer not null default 0`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, title: '通知一', pinned: 0 }]);
    expect((await read()).rows).toEqual([{ id: 1, title: '通知一', pinned: 0 }]);
  });

  if (kind !== 'postgres') return;

  it('prepares a read once on its connection and uses it again', async () => {
    const text = 'select "title" from "item" where "id" = $1';
    for (let i = 0; i < 3; i++) {
      expect((await db.selectFrom('item' as never).select('title' as never).where('id' as never, '=', 1 as never).execute())[0]).toEqual({ title: '通知一' });
    }
    expect((await preparedTexts(db)).filter((t) => t === text)).toHaveLength(1);
  });

  it('prepares nothing inside a transaction, which commits as usual', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`select title from item where id = ${1} and title <> ${'在事务里'}`.execute(trx);
      await sql`update item set title = ${'通知一（改）'} where id = ${1}`.execute(trx);
    });
    const texts = await preparedTexts(db);
    expect(texts.some((t) => t.includes('在事务里') || t.includes('<> $2'))).toBe(false);
    expect((await sql<{ title: string }>`select title from item where id = ${1}`.execute(db)).rows[0].title).toBe('通知一（改）');
  });

  it('keeps no more statements per connection than its cap, and runs the rest unnamed', async () => {
    const capped = new Kysely<any>({ dialect: new PostgresDialect({ pool: preparingPool(new pg.Pool({ connectionString: url!, max: 1 }), 3) }) });
    try {
      for (let n = 1; n <= 6; n++) {
        const { rows } = await sql<{ n: number }>`select ${sql.lit(n)}::int as n from item where id = ${1}`.execute(capped);
        expect(rows).toEqual([{ n }]);
      }
      expect(await preparedTexts(capped)).toHaveLength(3);
    } finally {
      await capped.destroy();
    }
  });
});
