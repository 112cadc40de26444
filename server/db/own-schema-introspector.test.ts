import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDb } from '#tests/helpers/test-app.ts';
import type { Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/** Two schemas of one PostgreSQL database, as the test files and the bench share it. */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL: the portal reads only its own schema', () => {
  let own: Awaited<ReturnType<typeof emptyTestDb>>;
  let neighbour: Awaited<ReturnType<typeof emptyTestDb>>;
  const schemaOf = async (db: Db) => (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0].name;

  beforeAll(async () => {
    [own, neighbour] = await Promise.all([emptyTestDb('postgres', 1), emptyTestDb('postgres', 1)]);
  });
  afterAll(async () => {
    await own.close();
    await neighbour.close();
  });

  it('describes the tables of its own schema, and none of a neighbour', async () => {
    await sql`create table neighbour_only (id serial primary key)`.execute(neighbour.db);
    await sql`create table item (id serial primary key, title text not null, note text default '无')`.execute(own.db);
    const tables = await own.db.introspection.getTables();
    expect(tables.map((t) => [t.schema, t.name])).toEqual([[await schemaOf(own.db), 'item']]);
    expect(tables[0].columns.map((c) => [c.name, c.dataType, c.isAutoIncrementing, c.isNullable, c.hasDefaultValue])).toEqual([
      ['id', 'int4', true, false, true],
      ['title', 'text', false, false, false],
      ['note', 'text', false, true, true],
    ]);
  });

  it('migrates an empty schema beside one already migrated, which keeps its own bookkeeping', async () => {
    await migrateToLatest(neighbour.db);
    await migrateToLatest(own.db);
    const tables = (await own.db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['kysely_migration', 'notice', 'item']));
    expect(await own.db.selectFrom('notice').select('id').execute()).toEqual([]);
  });
});
